import { acceptedScopes, ADMIN_SCOPE, grants, Scope, ScopeRequirement } from '../auth/scopes';
import { DomainError } from '../errors/domain-error';
import { EVENT_NAMES, EventName } from './domain-event';

/**
 * The scope that reads each event's data (docs/api.md 10, "Who sees which events"): a key
 * sees an event in GET /events, and may subscribe a webhook to it, only when its scopes grant this
 * one (the scope itself, one implying it, or `admin`; the implications of scopes.ts). Typed by every
 * event name: a new event does not compile until it names its scope.
 */
export const EVENT_SCOPES: { readonly [E in EventName]: Scope } = {
  'sale.completed': 'orders:read',
  'sale.cancelled': 'orders:read',
  'sale.returned': 'orders:read',
  'invoice.paid': 'invoices',
  'invoice.sent': 'invoices',
  'stock.low': 'inventory',
  'stock.out': 'inventory',
  'stock.adjusted': 'inventory',
  'customer.created': 'customers',
  'expense.created': 'finance',
  'payroll.processed': 'finance',
  'purchase_order.received': 'inventory',
  'stock.transferred': 'inventory',
  // an import of any kind (docs/api.md 23): its data is the kind and the counts of outcomes, no row of it
  'import.completed': 'inventory',
};

/** The scope that reads `type`; a name outside the table (a row older than it) is `admin`'s only. */
export function eventScope(type: string): Scope {
  return (EVENT_SCOPES as Record<string, Scope | undefined>)[type] ?? ADMIN_SCOPE;
}

const REQUIREMENTS = new Map<Scope, ScopeRequirement>();
function requirementOf(scope: Scope): ScopeRequirement {
  let requirement = REQUIREMENTS.get(scope);
  if (!requirement) REQUIREMENTS.set(scope, (requirement = { kind: 'scoped', required: scope, accepted: acceptedScopes([scope]) }));
  return requirement;
}

export function readsEvent(held: readonly string[], type: string): boolean {
  return grants(held, requirementOf(eventScope(type)));
}

/** The event types a key of `held` reads, in EVENT_NAMES order. */
export function readableEvents(held: readonly string[]): EventName[] {
  return EVENT_NAMES.filter((type) => readsEvent(held, type));
}

export function readsEveryEvent(held: readonly string[]): boolean {
  return readableEvents(held).length === EVENT_NAMES.length;
}

/**
 * 403 FORBIDDEN_SCOPE when `held` does not read every one of `types`: `details` names each missing
 * scope once (`[{required}]`, as a route's refusal does), in the order of the types that need it.
 */
export function assertReadsEvents(held: readonly string[], types: readonly string[]): void {
  const refused = types.filter((type) => !readsEvent(held, type));
  if (refused.length === 0) return;
  const missing = [...new Set(refused.map(eventScope))];
  throw new DomainError(
    'FORBIDDEN_SCOPE',
    `This API key's scopes do not read the events ${refused.join(', ')}: they need the scope${missing.length > 1 ? 's' : ''} ${missing.map((s) => `"${s}"`).join(', ')}`,
    missing.map((required) => ({ required })),
  );
}
