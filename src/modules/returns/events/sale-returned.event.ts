import { DomainEvent } from '../../../common/events/domain-event';

export interface SaleReturnedItem {
  product_id: string;
  quantity: number;
  restock: boolean;
}

/** The data of sale.returned, as webhooks and the events feed deliver it. */
export interface SaleReturnedData {
  sale_id: string;
  sale_number: string;
  return_id: string;
  return_number: string;
  total: number;
  customer_id: string | null;
  items: SaleReturnedItem[];
}

/** Some of an order's goods came back: refunded, restocked as asked, points reversed, credit note issued. */
export class SaleReturnedEvent extends DomainEvent<SaleReturnedData> {
  static readonly eventName = 'sale.returned';
  readonly name = SaleReturnedEvent.eventName;
}
