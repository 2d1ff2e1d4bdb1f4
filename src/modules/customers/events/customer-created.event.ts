import { DomainEvent } from '../../../common/events/domain-event';

export interface CustomerCreatedData {
  customer_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** A customer record was really created (by hand, or by the first order of a new email or phone). */
export class CustomerCreatedEvent extends DomainEvent<CustomerCreatedData> {
  static readonly eventName = 'customer.created';
  readonly name = CustomerCreatedEvent.eventName;
}
