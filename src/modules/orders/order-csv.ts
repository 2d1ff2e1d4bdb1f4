import { csvLayoutOf, CsvLayout } from '../../common/csv/csv-columns';
import { OrderJson } from './order.mapper';
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
  });
}
