import { DomainEvent } from '../../../common/events/domain-event';

export interface PayrollProcessedData {
  run_id: string;
  period_start: string;
  period_end: string;
  total: number;
  employee_count: number;
}

/** A payroll run was completed and booked as one finance `expense` (category `payroll`). */
export class PayrollProcessedEvent extends DomainEvent<PayrollProcessedData> {
  static readonly eventName = 'payroll.processed';
  readonly name = PayrollProcessedEvent.eventName;
}
