import { acceptedScopes, Scope } from '../../common/auth/scopes';
import { SearchKind } from './search.mapper';

/**
 * Which scopes read each kind: those of the kind's own list route (GET /orders, /products,
 * /customers, /invoices, /suppliers), with their implications and `admin`. A kind the caller's
 * scopes do not read is left out of GET /search and never queried.
 */
export const KIND_SCOPES: Record<SearchKind, readonly Scope[]> = {
  order: acceptedScopes(['orders:read']),
  product: acceptedScopes(['products:read', 'sales']),
  customer: acceptedScopes(['customers', 'sales']),
  invoice: acceptedScopes(['invoices']),
  supplier: acceptedScopes(['purchasing']),
};

/** The scopes GET /search itself takes: any that reads one of the kinds. */
export const SEARCH_ROUTE_SCOPES = ['orders:read', 'products:read', 'sales', 'customers', 'invoices', 'purchasing'] as const satisfies readonly Scope[];

export function readableKinds(held: readonly string[]): Set<SearchKind> {
  const kinds = Object.entries(KIND_SCOPES).filter(([, scopes]) => held.some((s) => scopes.includes(s as Scope)));
  return new Set(kinds.map(([kind]) => kind as SearchKind));
}
