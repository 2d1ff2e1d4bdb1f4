import { dec, moneyNumber, quantityNumber, roundMoney } from '../../common/money/money';
import { AnalyticsWindow, daysBetween } from './analytics-window';
import { CustomerAnalyticsJson, DashboardJson, RevenuePointJson, TopProductJson } from './analytics.responses';
import { CustomerStats } from './customer-stats';
import type { DashboardRow, RevenueRow, TopProductRow } from './persistence/analytics-reports.sql';
import type { CustomerCounts, CustomerIdentity } from './persistence/customer-analytics.sql';

/** The `data` of GET /analytics/dashboard: money rounded to cents, the average 0 without orders. */
export function toDashboard(w: AnalyticsWindow, row: DashboardRow): DashboardJson {
  const revenue = roundMoney(row.revenue);
  return {
    period_days: w.days,
    revenue: {
      total: moneyNumber(revenue),
      orders: row.orders,
      avg_order_value: row.orders === 0 ? 0 : moneyNumber(revenue.div(row.orders)),
    },
    customers: { total: row.customers, new_in_period: row.new_customers },
    products: { total: row.products },
  };
}

/**
 * The points of GET /analytics/revenue: exactly one per day of the window, oldest first, days without
 * sales as zeros. A day may come in several rows (rolled-up and live parts); they are added.
 */
export function toRevenueSeries(w: AnalyticsWindow, rows: RevenueRow[]): RevenuePointJson[] {
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

/** One element of GET /analytics/top-products: quantities and money as numbers. */
export function toTopProduct(row: TopProductRow): TopProductJson {
  return {
    product_id: row.product_id,
    name: row.name,
    sku: row.sku,
    total_sold: quantityNumber(row.total_sold),
    total_revenue: moneyNumber(row.total_revenue),
  };
}

/** The `data` of GET /analytics/customers (definitions in customer-stats.ts); top customers without a name or email get null. */
export function toCustomerStats(w: AnalyticsWindow, counts: CustomerCounts, stats: CustomerStats, identities: CustomerIdentity[]): CustomerAnalyticsJson {
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
