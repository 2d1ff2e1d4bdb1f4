import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';
import { ACTION_SCOPES, grants, mayUsePage, PAGE_SCOPES, SCOPES } from './scopes';

describe('scopes', () => {
  it('names every registered page', () => {
    expect(PAGES.map((page) => page.path).filter((path) => !(path in PAGE_SCOPES))).toEqual([]);
  });

  it('admin grants every page', () => {
    for (const page of PAGES) expect(mayUsePage(['admin'], page.path)).toBe(true);
  });

  it('a sales key sells and sees nothing of the books', () => {
    expect(mayUsePage(['sales'], '/new-sale')).toBe(true);
    for (const path of ['/orders', '/finance', '/webhooks', '/settings', '/dashboard', '/invoices']) expect(mayUsePage(['sales'], path)).toBe(false);
    expect(grants(['sales'], ['orders:write'])).toBe(false);
  });

  it(':write grants :read and not the other way round', () => {
    expect(mayUsePage(['orders:write'], '/orders')).toBe(true);
    expect(mayUsePage(['products:write'], '/products/new')).toBe(true);
    expect(mayUsePage(['products:read'], '/products/new')).toBe(false);
    expect(grants(['orders:read'], ['orders:write'])).toBe(false);
  });

  it('an unknown page is for admin keys only', () => {
    expect(mayUsePage(['finance'], '/nowhere')).toBe(false);
    expect(mayUsePage(['admin'], '/nowhere')).toBe(true);
  });

  it('Security is for anyone signed in; Settings and its sub-views for admin only', () => {
    expect(mayUsePage(['sales'], '/security')).toBe(true);
    expect(mayUsePage(['sales', 'orders:read', 'customers'], '/settings')).toBe(false);
    expect(mayUsePage(['sales', 'orders:read', 'customers'], '/settings/$')).toBe(false);
  });

  it('Reports for a key that reads any of its reports, each report to the scope of its read', () => {
    expect(mayUsePage(['analytics'], '/reports')).toBe(true);
    expect(mayUsePage(['purchasing'], '/reports/$')).toBe(true);
    expect(mayUsePage(['sales', 'customers'], '/reports')).toBe(false);
    expect(grants(['analytics'], ACTION_SCOPES.marginReport)).toBe(false);
    expect(grants(['analytics'], ACTION_SCOPES.customersReport)).toBe(true);
    expect(grants(['purchasing'], ACTION_SCOPES.valuationReport)).toBe(true);
  });

  it('lists the 13 scopes of docs/api.md 18', () => {
    expect(SCOPES).toHaveLength(13);
  });
});

describe('guarded actions and sections', () => {
  it('need their own scope beyond the page', () => {
    expect(grants(['customers'], ACTION_SCOPES.customerOrders)).toBe(false);
    expect(grants(['customers', 'orders:read'], ACTION_SCOPES.customerOrders)).toBe(true);
    expect(grants(['orders:read'], ACTION_SCOPES.cancelOrder)).toBe(false);
    expect(grants(['orders:write'], ACTION_SCOPES.cancelOrder)).toBe(true);
    expect(grants(['admin'], ACTION_SCOPES.eventsFeed)).toBe(true);
  });
});
