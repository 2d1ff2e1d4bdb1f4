import { dec, Decimal, moneyNumber, quantityNumber } from '../../common/money/money';
import { AnalyticsWindow } from './analytics-window';
import { MarginProductRow, MarginTotals } from './persistence/analytics-reports.sql';
import { MarginJson, MarginProductJson } from './reports.responses';
import { CsvLayout, csvLayoutOf } from '../../common/csv/csv-columns';

/** round_half_up(margin / revenue x 100, 2); null without revenue (a product's), or `zero` (the report's). */
function marginPercent(revenue: Decimal, margin: Decimal): Decimal | null {
  return revenue.isZero() ? null : margin.times(100).dividedBy(revenue).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** One product row of the margin report (JSON and CSV alike). */
export function toMarginProduct(p: MarginProductRow): MarginProductJson {
  const revenue = dec(p.revenue);
  const margin = revenue.minus(p.cogs);
  const percent = marginPercent(revenue, margin);
  return {
    product_id: p.product_id,
    name: p.name,
    quantity: quantityNumber(p.quantity),
    revenue: moneyNumber(revenue),
    cogs: moneyNumber(p.cogs),
    margin: moneyNumber(margin),
    margin_percent: percent === null ? null : moneyNumber(percent),
  };
}

/** margin = revenue - cogs; margin_percent = margin / revenue x 100 to 2 decimals (half up), 0 without revenue. */
export function toMargin(w: AnalyticsWindow, totals: MarginTotals, products: MarginProductRow[]): MarginJson {
  const revenue = dec(totals.total_revenue);
  const margin = revenue.minus(totals.total_cogs);
  return {
    from: w.firstDay,
    to: w.today,
    revenue: moneyNumber(revenue),
    cogs: moneyNumber(totals.total_cogs),
    gross_margin: moneyNumber(margin),
    margin_percent: moneyNumber(marginPercent(revenue, margin) ?? 0),
    products: products.map(toMarginProduct),
  };
}

/** The columns of GET /reports/margin?format=csv: a product row's JSON fields. */
export const MARGIN_CSV_LAYOUT: CsvLayout<MarginProductJson> = csvLayoutOf(MarginProductJson, { timezone: 'UTC', local: [] });
