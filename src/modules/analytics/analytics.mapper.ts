import { dec, moneyNumber, quantityNumber, roundMoney } from '../../common/money/money';
import { AnalyticsWindow, daysBetween } from './analytics-window';
import { CustomerStats } from './customer-stats';

/** Rows as they come from PostgreSQL: numeric columns are exact decimal strings. */
export interface DashboardRow {
  orders: number;
  revenue: string;
  customers: number;
  new_customers: number;
  products: number;
}

export interface RevenueRow {
  day: string;
  orders: number;
  revenue: string;
}

export interface TopProductRow {
  product_id: string;
  name: string;
  sku: string;
  total_sold: string;
  total_revenue: string;
}

export interface CustomerCounts {
  total: number;
  new: number;
}

export interface CustomerIdentity {
  id: string;
  name: string | null;
  email: string | null;
}

/** SPEC.md 2.8 dashboard data. */
export function toDashboard(w: AnalyticsWindow, row: DashboardRow) {
  const revenue = roundMoney(row.revenue);
  return {
    period_days: w.days,
    revenue: {
      total: revenue.toNumber(),
      orders: row.orders,
      avg_order_value: row.orders === 0 ? 0 : moneyNumber(revenue.div(row.orders)),
    },
    customers: { total: row.customers, new_in_period: row.new_customers },
    products: { total: row.products },
  };
}

/**
 * SPEC.md 2.8 revenue points: exactly one per day of the window, oldest first, days without
 * sales as zeros. A day may come in several rows (rolled-up and live parts); they are added.
 */
export function toRevenueSeries(w: AnalyticsWindow, rows: RevenueRow[]) {
  const byDay = new Map<string, { orders: number; revenue: ReturnType<typeof dec> }>();
  for (const r of rows) {
    const acc = byDay.get(r.day) ?? { orders: 0, revenue: dec(0) };
    byDay.set(r.day, { orders: acc.orders + Number(r.orders), revenue: acc.revenue.plus(r.revenue) });
  }
  return daysBetween(w.firstDay, w.today).map((day) => {
    const point = byDay.get(day);
    return { date: day, revenue: moneyNumber(point?.revenue), orders: point?.orders ?? 0 };
  });
}

/** SPEC.md 2.8 top-product element. */
export function toTopProduct(row: TopProductRow) {
  return {
    product_id: row.product_id,
    name: row.name,
    sku: row.sku,
    total_sold: quantityNumber(row.total_sold),
    total_revenue: moneyNumber(row.total_revenue),
  };
}

/** CONTRACT.md 8 customer statistics (definitions in customer-stats.ts). */
export function toCustomerStats(w: AnalyticsWindow, counts: CustomerCounts, stats: CustomerStats, identities: CustomerIdentity[]) {
  const byId = new Map(identities.map((c) => [c.id, c]));
  return {
    period_days: w.days,
    total_customers: counts.total,
    new_customers: counts.new,
    active_customers: stats.active,
    returning_customers: stats.returning,
    repeat_rate: stats.repeatRate.toNumber(),
    avg_lifetime_value: moneyNumber(stats.avgLifetimeValue),
    top_customers: stats.top.map((t) => ({
      customer_id: t.customer_id,
      name: byId.get(t.customer_id)?.name ?? null,
      email: byId.get(t.customer_id)?.email ?? null,
      total_spent: moneyNumber(t.spent),
      orders: t.orders,
    })),
  };
}
