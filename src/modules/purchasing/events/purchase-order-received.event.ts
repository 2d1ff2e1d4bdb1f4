import { DomainEvent } from '../../../common/events/domain-event';

/** The data of purchase_order.received, as webhooks and the events feed deliver it. */
export interface PurchaseOrderReceivedData {
  purchase_order_id: string;
  purchase_order_number: string;
  supplier_id: string;
  warehouse_id: string;
  total: number;
}

/** Every line of a purchase order has been received in full. */
export class PurchaseOrderReceivedEvent extends DomainEvent<PurchaseOrderReceivedData> {
  static readonly eventName = 'purchase_order.received';
  readonly name = PurchaseOrderReceivedEvent.eventName;
}
