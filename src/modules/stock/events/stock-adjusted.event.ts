import { DomainEvent } from '../../../common/events/domain-event';

export interface StockAdjustedData {
  movement_id: string;
  product_id: string;
  warehouse_id: string;
  quantity: number;
  quantity_after: number;
  reason: string;
  note: string | null;
}

export class StockAdjustedEvent extends DomainEvent<StockAdjustedData> {
  static readonly eventName = 'stock.adjusted';
  readonly name = StockAdjustedEvent.eventName;
}
