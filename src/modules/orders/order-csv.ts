import { csvLayoutOf, CsvLayout } from '../../common/csv/csv-columns';
import { roundMoney } from '../../common/money/money';
import { OrderJson, TaxLineJson } from './order.mapper';
import { SaleNames } from './persistence/orders-read.sql';

/** A row of GET /orders/export: the order object and the names beside its ids. */
export type OrderCsvRow = OrderJson & SaleNames;

/**
 * The columns of GET /orders/export (docs/api.md, "CSV exports"): one record per order line, the
 * order's fields (csvLayoutOf) then the line's as `item_<field>`; the customer's name and email and
 * the warehouse's name beside their ids; `created_at_local` in the business zone.
 */
export function orderCsvLayout(timezone: string): CsvLayout<OrderCsvRow> {
  return csvLayoutOf<OrderJson, OrderCsvRow>(OrderJson, {
    timezone,
    lines: { field: 'items', prefix: 'item_' },
    names: { customer_id: ['customer_name', 'customer_email'], warehouse_id: ['warehouse_name'] },
    // docs/api.md 22: the tax per rate as one text cell (`VAT 19% (19%): 6.24 on 32.82; ...`), never JSON
    expand: { tax_lines: [{ header: 'tax_lines', value: (row: OrderCsvRow) => taxLinesText(row.tax_lines) }] },
  });
}

/** An order's tax lines as text, one `name (rate%): tax on taxable` per rate (exact decimals, two places); empty without computed tax. */
export function taxLinesText(lines: TaxLineJson[]): string {
  return lines.map((l) => `${l.name} (${l.rate}%): ${roundMoney(l.tax_amount).toFixed(2)} on ${roundMoney(l.taxable_amount).toFixed(2)}`).join('; ');
}
