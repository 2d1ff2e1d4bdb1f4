import { dec, Decimal, roundMoney } from '../../common/money/money';

/**
 * /analytics/customers, the definitions (window = the last `days` days in the business time zone,
 * completed sales only, walk-in sales without a customer ignored; "completed" here means counted by
 * analytics, which includes a returned sale with something left, at what it kept: docs/api.md 8, 12):
 * - active_customers: customers with at least one completed sale in the window.
 * - returning_customers: active customers who also had a completed sale before the window started.
 * - repeat_rate: share (0..1, 4 decimals) of active customers with two or more completed sales in
 *   the window; 0 when nobody was active.
 * - avg_lifetime_value: all-time completed revenue of the customers who ever completed a purchase,
 *   divided by their number (not limited to the window); 0 when none.
 * - top_customers: the TOP_CUSTOMERS customers with the highest completed revenue in the window
 *   (ties: more orders, then customer id); total_spent and orders are within the window.
 *
 * Counts of distinct customers do not add up across days, so the window up to an instant T is
 * kept as a ClosedCustomerStats snapshot and extended here with the customers who bought after T
 * (LiveCustomerRow, which carries what the sales before T knew about that customer).
 */
export const TOP_CUSTOMERS = 10;

export interface TopCandidate {
  customer_id: string;
  orders: number;
  /** exact decimal string */
  spent: string;
}

/** The window up to an instant T and all history before T. */
export interface ClosedCustomerStats {
  active: number;
  repeat: number;
  returning: number;
  /** customers with a completed sale before T */
  buyers: number;
  /** their completed revenue before T, exact decimal string */
  lifetime_revenue: string;
  top: TopCandidate[];
}

/** A customer with completed sales in the range after T. */
export interface LiveCustomerRow {
  customer_id: string;
  /** live sales inside the window */
  window_orders: number;
  window_spent: string;
  /** live sales before the window start (only when the window starts after T) */
  pre_window_orders: number;
  /** all live sales */
  live_spent: string;
  /** the customer's sales in the window before T */
  closed_orders: number;
  closed_spent: string;
  /** a completed sale before both the window start and T */
  has_history: boolean;
}

export interface CustomerStats {
  active: number;
  returning: number;
  repeatRate: Decimal;
  avgLifetimeValue: Decimal;
  top: TopCandidate[];
}

/**
 * The closed stats up to instant T plus the customers who bought in [T, T2): the closed stats up
 * to T2. The top list stays exact: a customer who did not buy in [T, T2) and was not in the top
 * before has at least TOP_CUSTOMERS customers ahead whose figures only grew.
 */
export function extendClosedStats(closed: ClosedCustomerStats, live: LiveCustomerRow[]): ClosedCustomerStats {
  let { active, repeat, returning, buyers } = closed;
  let lifetime = dec(closed.lifetime_revenue);
  const candidates = new Map(closed.top.map((c) => [c.customer_id, c]));
  for (const r of live) {
    if (r.closed_orders === 0 && !r.has_history) buyers += 1;
    lifetime = lifetime.plus(r.live_spent);
    if (r.window_orders === 0) continue;
    if (r.closed_orders === 0) {
      active += 1;
      if (r.has_history || r.pre_window_orders > 0) returning += 1;
    }
    if (r.closed_orders < 2 && r.closed_orders + r.window_orders >= 2) repeat += 1;
    candidates.set(r.customer_id, {
      customer_id: r.customer_id,
      orders: r.closed_orders + r.window_orders,
      spent: dec(r.closed_spent).plus(r.window_spent).toString(),
    });
  }
  return {
    active,
    repeat,
    returning,
    buyers,
    lifetime_revenue: lifetime.toString(),
    top: [...candidates.values()].sort(compareTop).slice(0, TOP_CUSTOMERS),
  };
}

export function finishCustomerStats(s: ClosedCustomerStats): CustomerStats {
  return {
    active: s.active,
    returning: s.returning,
    repeatRate: s.active === 0 ? dec(0) : dec(s.repeat).div(s.active).toDecimalPlaces(4, Decimal.ROUND_HALF_UP),
    avgLifetimeValue: s.buyers === 0 ? dec(0) : roundMoney(dec(s.lifetime_revenue).div(s.buyers)),
    top: s.top,
  };
}

/** The answer: the closed stats up to the live range's start merged with the live customers. */
export function mergeCustomerStats(closed: ClosedCustomerStats, live: LiveCustomerRow[]): CustomerStats {
  return finishCustomerStats(extendClosedStats(closed, live));
}

/** Highest revenue first, then more orders, then customer id (as PostgreSQL orders uuids). */
export function compareTop(a: TopCandidate, b: TopCandidate): number {
  const bySpent = dec(b.spent).comparedTo(a.spent);
  if (bySpent !== 0) return bySpent;
  if (a.orders !== b.orders) return b.orders - a.orders;
  return a.customer_id < b.customer_id ? -1 : a.customer_id > b.customer_id ? 1 : 0;
}
