import { DomainEvent } from '../../../common/events/domain-event';

export interface ExpenseCreatedData {
  expense_id: string;
  amount: number;
  category: string;
  description: string | null;
  date: string;
  finance_transaction_id: string;
}

/** An expense was recorded, with its finance `expense` transaction. */
export class ExpenseCreatedEvent extends DomainEvent<ExpenseCreatedData> {
  static readonly eventName = 'expense.created';
  readonly name = ExpenseCreatedEvent.eventName;
}
