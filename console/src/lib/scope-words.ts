import type { Scope } from '../frame/scopes';

/** docs/api.md 18's scopes as a shop's people say them (Roles' checkboxes, the staff list). */
export const SCOPE_WORDS: Record<Scope, string> = {
  sales: 'Sell at the till',
  'orders:read': 'See orders',
  'orders:write': 'Cancel orders and take returns',
  'products:read': 'See products',
  'products:write': 'Create and edit products and categories',
  inventory: 'Adjust, move and count stock',
  purchasing: 'Suppliers, purchase orders and receiving',
  customers: 'Customers and loyalty points',
  invoices: 'Invoices and credit notes',
  finance: 'Expenses, payroll and finance reports',
  analytics: 'Dashboard and reports',
  webhooks: 'Webhooks and the events feed',
  admin: 'Everything, and manage keys, staff and roles',
};

/** A role's scopes in words: admin alone says it all. */
export function scopesInWords(scopes: readonly Scope[]): string {
  if (scopes.includes('admin')) return SCOPE_WORDS.admin;
  if (scopes.length === 0) return 'Nothing';
  return scopes.map((scope) => SCOPE_WORDS[scope] ?? scope).join(', ');
}
