import { readFileSync } from 'fs';
import { join } from 'path';
import { DomainError } from '../errors/domain-error';
import { EVENT_NAMES } from './domain-event';
import { assertReadsEvents, EVENT_SCOPES, eventScope, readableEvents, readsEvent, readsEveryEvent } from './event-scopes';

const API_DOC = join(__dirname, '..', '..', '..', 'docs', 'api.md');

function refusal(held: string[], types: string[]): DomainError | undefined {
  try {
    assertReadsEvents(held, types);
    return undefined;
  } catch (e) {
    return e as DomainError;
  }
}

describe('event scopes', () => {
  it('gives every event name a scope that reads data, never webhooks or admin', () => {
    expect(Object.keys(EVENT_SCOPES).sort()).toEqual([...EVENT_NAMES].sort());
    for (const type of EVENT_NAMES) expect(['webhooks', 'admin', 'sales', 'analytics']).not.toContain(EVENT_SCOPES[type]);
  });

  it('reads an event with its scope, a scope implying it, or admin; nothing else', () => {
    expect(readsEvent(['orders:read'], 'sale.completed')).toBe(true);
    expect(readsEvent(['orders:write'], 'sale.returned')).toBe(true);
    expect(readsEvent(['admin'], 'payroll.processed')).toBe(true);
    expect(readsEvent(['webhooks'], 'customer.created')).toBe(false);
    expect(readsEvent(['webhooks', 'sales'], 'customer.created')).toBe(false);
    expect(readableEvents(['webhooks'])).toEqual([]);
    expect(readableEvents(['webhooks', 'finance', 'customers'])).toEqual(['customer.created', 'expense.created', 'payroll.processed']);
    expect(readsEveryEvent(['admin'])).toBe(true);
    expect(readsEveryEvent(['orders:read', 'invoices', 'inventory', 'customers', 'finance'])).toBe(true);
    expect(readsEveryEvent(['orders:read', 'invoices', 'inventory', 'customers'])).toBe(false);
  });

  it('a name outside the table is admin-only', () => {
    expect(eventScope('order.created')).toBe('admin');
    expect(readsEvent(['orders:read', 'customers', 'finance'], 'order.created')).toBe(false);
    expect(readsEvent(['admin'], 'order.created')).toBe(true);
  });

  it('refuses with 403 FORBIDDEN_SCOPE naming each missing scope once, in the order of the events', () => {
    expect(refusal(['webhooks', 'finance'], ['expense.created', 'payroll.processed'])).toBeUndefined();
    const refused = refusal(['webhooks', 'finance'], ['sale.completed', 'expense.created', 'customer.created', 'sale.returned']);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'orders:read' }, { required: 'customers' }] });
    expect(refused?.message).toContain('sale.completed, customer.created, sale.returned');
  });

  it("is docs/api.md's table of who sees which events", () => {
    const rows = EVENT_NAMES.map((type) => `| \`${type}\` | \`${EVENT_SCOPES[type]}\` |`);
    const table = ['| event | the scope that reads it |', '|---|---|', ...rows].join('\n');
    const doc = readFileSync(API_DOC, 'utf8');
    const start = doc.indexOf('<!-- event-scopes:start');
    const end = doc.indexOf('<!-- event-scopes:end -->');
    expect(start).toBeGreaterThan(0);
    expect(doc.slice(doc.indexOf('\n', start) + 1, end).trim()).toBe(table);
  });
});
