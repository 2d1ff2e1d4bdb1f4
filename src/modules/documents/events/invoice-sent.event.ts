import { DomainEvent } from '../../../common/events/domain-event';

/** The data of invoice.sent, as webhooks and the events feed deliver it (docs/api.md 17). */
export interface InvoiceSentData {
  invoice_id: string;
  invoice_number: string;
  to: string;
  sent_at: string;
}

/** The SMTP server accepted an invoice's mail. */
export class InvoiceSentEvent extends DomainEvent<InvoiceSentData> {
  static readonly eventName = 'invoice.sent';
  readonly name = InvoiceSentEvent.eventName;
}
