import { DomainEvent } from '../../../common/events/domain-event';

export interface StockLevelData {
  product_id: string;
  name: string;
  sku: string;
  stock: number;
  min_stock: number;
}

/** A product's total stock crossed below its min_stock. */
export class StockLowEvent extends DomainEvent<StockLevelData> {
  static readonly eventName = 'stock.low';
  readonly name = StockLowEvent.eventName;
}
