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

/** The data of sale.completed, as webhooks and the events feed deliver it. */
export interface SaleCompletedData {
  sale_id: string;
  sale_number: string;
  total: number;
  customer_id: string | null;
  items: SaleCompletedItem[];
}

/** An order was recorded, with every effect of the sale. */
export class SaleCompletedEvent extends DomainEvent<SaleCompletedData> {
  static readonly eventName = 'sale.completed';
  readonly name = SaleCompletedEvent.eventName;
}

/** An order line as sale.completed carries it (docs/webhooks.md, "What arrives"), whatever else the order object shows of it. */
export function toSaleCompletedItem(item: SaleCompletedItem): SaleCompletedItem {
  const { product_id, product_name, sku, quantity, unit_price, discount, total } = item;
  return { product_id, product_name, sku, quantity, unit_price, discount, total };
}
