import { DomainEvent } from '../../../common/events/domain-event';

export interface SaleCompletedItem {
  product_id: string;
  product_name: string;
  sku: string;
  quantity: number;
  unit_price: number;
  discount: number;
  total: number;
}

/** SPEC.md 6: the data of sale.completed. */
export interface SaleCompletedData {
  sale_id: string;
  sale_number: string;
  total: number;
  customer_id: string | null;
  items: SaleCompletedItem[];
}

/** An order was created (SPEC.md 1, effect 11). */
export class SaleCompletedEvent extends DomainEvent<SaleCompletedData> {
  static readonly eventName = 'sale.completed';
  readonly name = SaleCompletedEvent.eventName;
}
