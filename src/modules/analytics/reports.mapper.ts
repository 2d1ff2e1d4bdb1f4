import { costNumber, dec, moneyNumber, quantityNumber } from '../../common/money/money';
import { AnalyticsWindow } from './analytics-window';
import { MarginProductRow, MarginTotals } from './persistence/analytics-reports.sql';
import { ValuationRow } from './persistence/inventory-valuation.sql';
import { InventoryValuationJson, MarginJson } from './reports.responses';

export function toInventoryValuation(currency: string, rows: ValuationRow[]): InventoryValuationJson {
  return {
    currency,
    total_value: moneyNumber(rows.reduce((sum, r) => sum.plus(r.value), dec(0))),
    products: rows.map((r) => ({
      product_id: r.product_id,
      sku: r.sku,
      name: r.name,
      quantity: quantityNumber(r.quantity),
      average_cost: costNumber(r.average_cost),
      value: moneyNumber(r.value),
    })),
  };
}

/** margin = revenue - cogs; margin_percent = margin / revenue x 100 to 2 decimals, 0 without revenue. */
export function toMargin(w: AnalyticsWindow, totals: MarginTotals, products: MarginProductRow[]): MarginJson {
  const revenue = dec(totals.total_revenue);
  const margin = revenue.minus(totals.total_cogs);
  return {
    from: w.firstDay,
    to: w.today,
    revenue: moneyNumber(revenue),
    cogs: moneyNumber(totals.total_cogs),
    gross_margin: moneyNumber(margin),
    margin_percent: revenue.isZero() ? 0 : moneyNumber(margin.times(100).dividedBy(revenue)),
    products: products.map((p) => ({
      product_id: p.product_id,
      name: p.name,
      quantity: quantityNumber(p.quantity),
      revenue: moneyNumber(p.revenue),
      cogs: moneyNumber(p.cogs),
      margin: moneyNumber(dec(p.revenue).minus(p.cogs)),
    })),
  };
}
