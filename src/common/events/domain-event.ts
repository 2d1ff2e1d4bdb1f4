import { randomUUID } from 'crypto';

/** Public event names: docs/api.md 10 lists them (sale.returned from 12, purchase_order.received 13, stock.transferred 14, invoice.sent 17, import.completed 23). */
export const EVENT_NAMES = [
  'sale.completed',
  'sale.cancelled',
  'sale.returned',
  'invoice.paid',
  'invoice.sent',
  'stock.low',
  'stock.out',
  'stock.adjusted',
  'customer.created',
  'expense.created',
  'payroll.processed',
  'purchase_order.received',
  'stock.transferred',
  'import.completed',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * A fact recorded inside a transaction. It is written to the outbox with the transaction and
 * emitted in-process only after commit (see UnitOfWork); a rollback discards it.
 * Subclasses live in their domain's `events/` folder with a static `eventName`.
 */
export abstract class DomainEvent<TData extends object = object> {
  readonly id = randomUUID();
  readonly occurredAt = new Date();
  abstract readonly name: EventName;
  constructor(
    readonly businessId: string,
    readonly data: TData,
  ) {}
}

/** Emitted in-process once per committed transaction that recorded events. */
export const EVENTS_COMMITTED = 'outbox.committed';
export interface EventsCommitted {
  events: DomainEvent[];
}
