import { DomainEvent } from '../../../common/events/domain-event';

/** The data of sale.cancelled, as webhooks and the events feed deliver it. */
export interface SaleCancelledData {
  sale_id: string;
  sale_number: string;
  total: number;
  customer_id: string | null;
  reason: string | null;
  restocked: boolean;
  points_reversed: number;
  refund_amount: number;
  invoice_id: string | null;
  cancelled_at: string;
}

/** A completed order was cancelled: stock returned, points reversed, invoice cancelled, total refunded. */
export class SaleCancelledEvent extends DomainEvent<SaleCancelledData> {
  static readonly eventName = 'sale.cancelled';
  readonly name = SaleCancelledEvent.eventName;
}
