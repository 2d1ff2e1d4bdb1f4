import type { components } from '../../../test/generated/openapi';

export type Scope = components['schemas']['Scope'];

/** Every scope, in docs/api.md 18's order (Settings offers them as checkboxes). */
export const SCOPES: readonly Scope[] = [
  'sales',
  'orders:read',
  'orders:write',
  'products:read',
  'products:write',
  'inventory',
  'purchasing',
  'customers',
  'invoices',
  'finance',
  'analytics',
  'webhooks',
  'admin',
];

/**
 * Which scopes let a key use each page of frame/pages.ts (by its path) and each guarded action,
 * following docs/api.md 18's table (the routes a page's main view calls). `admin` grants
 * everything and `x:write` grants `x:read` (see `grants`), so neither is repeated here. A page
 * missing from this table is for `admin` keys only; an empty list is a page anyone signed in may use.
 */
export const PAGE_SCOPES: Record<string, readonly Scope[]> = {
  '/dashboard': ['analytics'],
  '/new-sale': ['sales'],
  '/orders': ['orders:read'],
  '/orders/$orderId': ['orders:read'],
  '/products': ['products:read'],
  '/products/new': ['products:write'],
  '/products/categories': ['products:read'],
  '/products/$productId': ['products:read'],
  '/inventory': ['inventory'],
  '/inventory/$': ['inventory'],
  '/purchasing': ['purchasing'],
  '/purchasing/$': ['purchasing'],
  // Reports: the margin and valuation (purchasing), customers (analytics), tax (finance); each section asks its own
  '/reports': ['purchasing', 'analytics', 'finance'],
  '/reports/$': ['purchasing', 'analytics', 'finance'],
  '/invoices': ['invoices'],
  '/invoices/$invoiceId': ['invoices'],
  '/customers': ['customers'],
  '/customers/$customerId': ['customers'],
  '/finance': ['finance'],
  '/finance/$': ['finance'],
  '/webhooks': ['webhooks'],
  '/webhooks/$webhookId': ['webhooks'],
  '/settings': ['admin'],
  '/settings/$': ['admin'],
  // a member's own sessions and two-factor (docs/api.md 19): every signed-in person, whatever the role
  '/security': [],
  // each kind is imported with its write scope (docs/api.md 16); the page offers the kinds allowed
  '/imports': ['products:write', 'customers', 'inventory'],
  '/imports/$importId': ['products:write', 'customers', 'inventory'],
};

/** Actions and sections (reads of another scope) a page hides from a key that may not use them. */
export const ACTION_SCOPES = {
  cancelOrder: ['orders:write'],
  returnOrder: ['orders:write'],
  editProduct: ['products:write'],
  customerOrders: ['orders:read'],
  stockMovements: ['inventory'],
  eventsFeed: ['webhooks'],
  productHistory: ['products:read'],
  orderHistory: ['orders:read'],
  // the dashboard's low stock (GET /products) and the names its events give by id only (GET /products/:id)
  readProducts: ['products:read', 'sales'],
  // Reports' sections (docs/api.md 18): margin and valuation are purchasing's reads, customers analytics'
  marginReport: ['purchasing'],
  valuationReport: ['purchasing'],
  customersReport: ['analytics'],
  importProducts: ['products:write'],
  importCustomers: ['customers'],
  importStock: ['inventory'],
  taxReport: ['finance'],
} as const satisfies Record<string, readonly Scope[]>;

/** Whether a key holding `held` may call something that `accepted` scopes grant. */
export function grants(held: readonly Scope[], accepted: readonly Scope[]): boolean {
  if (accepted.length === 0) return true;
  if (held.includes('admin')) return true;
  return accepted.some((scope) => held.includes(scope) || (scope.endsWith(':read') && held.includes(scope.replace(/:read$/, ':write') as Scope)));
}

/** Whether a key holding `held` may use the page registered at `path`. */
export function mayUsePage(held: readonly Scope[], path: string): boolean {
  return grants(held, PAGE_SCOPES[path] ?? ['admin']);
}
