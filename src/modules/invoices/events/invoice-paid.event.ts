import { DomainEvent } from '../../../common/events/domain-event';

/** The data of invoice.paid, as webhooks receive it. */
export interface InvoicePaidData {
  invoice_id: string;
  invoice_number: string;
  customer_id: string | null;
  sale_id: string | null;
  total: number;
  paid_date: string;
}

/** An invoice's status changed to paid; never on a repeated `paid`. */
export class InvoicePaidEvent extends DomainEvent<InvoicePaidData> {
  static readonly eventName = 'invoice.paid';
  readonly name = InvoicePaidEvent.eventName;
}
