import { ClosedCustomerStats, compareTop, LiveCustomerRow, mergeCustomerStats, TOP_CUSTOMERS } from './customer-stats';

const empty: ClosedCustomerStats = { active: 0, repeat: 0, returning: 0, buyers: 0, lifetime_revenue: '0', top: [] };

function live(id: string, over: Partial<LiveCustomerRow>): LiveCustomerRow {
  return {
    customer_id: id,
    window_orders: 1,
    window_spent: '10',
    pre_window_orders: 0,
    live_spent: '10',
    closed_orders: 0,
    closed_spent: '0',
    has_history: false,
    ...over,
  };
}

describe('mergeCustomerStats', () => {
  it('returns zeros and no division by zero when nobody bought', () => {
    const s = mergeCustomerStats(empty, []);
    expect(s.active).toBe(0);
    expect(s.returning).toBe(0);
    expect(s.repeatRate.toString()).toBe('0');
    expect(s.avgLifetimeValue.toString()).toBe('0');
    expect(s.top).toEqual([]);
  });

  it('keeps the closed snapshot as is when nothing happened on the open days', () => {
    const closed: ClosedCustomerStats = {
      active: 3,
      repeat: 1,
      returning: 2,
      buyers: 7,
      lifetime_revenue: '100.00',
      top: [{ customer_id: 'a', orders: 2, spent: '50.5' }],
    };
    const s = mergeCustomerStats(closed, []);
    expect(s.active).toBe(3);
    expect(s.returning).toBe(2);
    expect(s.repeatRate.toString()).toBe('0.3333');
    expect(s.avgLifetimeValue.toString()).toBe('14.29');
    expect(s.top).toEqual([{ customer_id: 'a', orders: 2, spent: '50.5' }]);
  });

  it('counts a first-time buyer of today as active, new buyer, not returning', () => {
    const s = mergeCustomerStats({ ...empty, buyers: 1, lifetime_revenue: '30' }, [live('n', { window_spent: '10', live_spent: '10' })]);
    expect(s.active).toBe(1);
    expect(s.returning).toBe(0);
    expect(s.avgLifetimeValue.toString()).toBe('20');
  });

  it('counts a buyer with history before the window as returning, and not twice as a buyer', () => {
    const s = mergeCustomerStats({ ...empty, buyers: 1, lifetime_revenue: '30' }, [live('r', { has_history: true })]);
    expect(s.active).toBe(1);
    expect(s.returning).toBe(1);
    expect(s.avgLifetimeValue.toString()).toBe('40');
  });

  it('does not count a customer already active on the closed days again, but can make them repeat', () => {
    const closed: ClosedCustomerStats = {
      active: 1,
      repeat: 0,
      returning: 0,
      buyers: 1,
      lifetime_revenue: '5',
      top: [{ customer_id: 'c', orders: 1, spent: '5' }],
    };
    const s = mergeCustomerStats(closed, [live('c', { closed_orders: 1, closed_spent: '5', window_spent: '7.25', live_spent: '7.25' })]);
    expect(s.active).toBe(1);
    expect(s.repeatRate.toString()).toBe('1');
    expect(s.avgLifetimeValue.toString()).toBe('12.25');
    expect(s.top).toEqual([{ customer_id: 'c', orders: 2, spent: '12.25' }]);
  });

  it('makes a repeat customer of two orders on the open days, and not of an already repeating one', () => {
    const closed: ClosedCustomerStats = { ...empty, active: 1, repeat: 1, buyers: 1, lifetime_revenue: '20' };
    const s = mergeCustomerStats(closed, [
      live('two', { window_orders: 2, window_spent: '4', live_spent: '4' }),
      live('old', { closed_orders: 2, closed_spent: '20', window_spent: '1', live_spent: '1' }),
    ]);
    expect(s.active).toBe(2);
    expect(s.repeatRate.toString()).toBe('1');
  });

  it('counts live sales before the window (grace hour, window of open days) for lifetime and returning only', () => {
    const s = mergeCustomerStats(empty, [
      live('gap', { window_orders: 0, window_spent: '0', pre_window_orders: 1, live_spent: '8' }),
      live('back', { window_orders: 1, window_spent: '2', pre_window_orders: 1, live_spent: '10' }),
    ]);
    expect(s.active).toBe(1);
    expect(s.returning).toBe(1);
    expect(s.avgLifetimeValue.toString()).toBe('9');
    expect(s.top.map((t) => t.customer_id)).toEqual(['back']);
  });

  it('keeps the top customers ordered by revenue, then orders, then id, cut at the limit', () => {
    const closedTop = Array.from({ length: TOP_CUSTOMERS }, (_, i) => ({ customer_id: `c${String(i).padStart(2, '0')}`, orders: 1, spent: String(100 - i) }));
    const s = mergeCustomerStats({ ...empty, active: TOP_CUSTOMERS, buyers: TOP_CUSTOMERS, lifetime_revenue: '955', top: closedTop }, [
      live('zz', { window_spent: '99.5', live_spent: '99.5' }),
      live('c09', { closed_orders: 1, closed_spent: '91', window_spent: '8.50', live_spent: '8.50' }),
    ]);
    expect(s.top).toHaveLength(TOP_CUSTOMERS);
    expect(s.top.slice(0, 4).map((t) => t.customer_id)).toEqual(['c00', 'c09', 'zz', 'c01']);
    expect(s.top[1]).toEqual({ customer_id: 'c09', orders: 2, spent: '99.5' });
    expect(s.top[9].customer_id).toBe('c07');
  });

  it('breaks ties by orders, then by id', () => {
    const a = { customer_id: 'b', orders: 1, spent: '5.00' };
    const b = { customer_id: 'a', orders: 2, spent: '5' };
    const c = { customer_id: 'a', orders: 1, spent: '5' };
    expect([a, b, c].sort(compareTop)).toEqual([b, c, a]);
  });
});
