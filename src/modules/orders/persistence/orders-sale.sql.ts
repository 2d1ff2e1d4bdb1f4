import { moneyString, quantityString } from '../../../common/money/money';
import { defineStatement } from '../../../database/statement';
import { OriginalSale } from '../original-sale';
import { SaleDraft } from '../sale-draft';
import type { SaleStatement } from './sale-statement';

/** The sale's lines, part `orders.lines`: they need only the sale id, not its number. */
export function addSaleLines(stmt: SaleStatement, sale: SaleDraft): void {
  const items = sale.items;
  const p = (values: unknown[], cast: string) => stmt.param(values, cast);
  stmt.add(
    'orders.lines',
    `INSERT INTO sale_items (id, business_id, sale_id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total,
                             unit_cost, cost_total)
     SELECT l.id, ${stmt.businessId}, ${stmt.param(sale.id, 'uuid')}, l.line_no, l.product_id, l.product_name, l.sku,
            l.quantity, l.unit_price, l.discount, l.total, l.unit_cost, l.cost_total
       FROM unnest(${p(
         items.map((i) => i.id),
         'uuid[]',
       )}, ${p(
         items.map((_, i) => i + 1),
         'int[]',
       )}, ${p(
         items.map((i) => i.product_id),
         'uuid[]',
       )},
                   ${p(
                     items.map((i) => i.product_name),
                     'text[]',
                   )}, ${p(
                     items.map((i) => i.sku),
                     'text[]',
                   )},
                   ${p(
                     items.map((i) => quantityString(i.quantity)),
                     'numeric[]',
                   )}, ${p(
                     items.map((i) => moneyString(i.unit_price)),
                     'numeric[]',
                   )},
                   ${p(
                     items.map((i) => moneyString(i.discount)),
                     'numeric[]',
                   )}, ${p(
                     items.map((i) => moneyString(i.total)),
                     'numeric[]',
                   )},
                   ${p(
                     items.map((i) => i.unit_cost),
                     'numeric[]',
                   )}, ${p(
                     items.map((i) => i.cost_total),
                     'numeric[]',
                   )})
            AS l(id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total, unit_cost, cost_total)`,
  );
}

/** The sale row, part `orders.sale`, numbered and timed by the sale number. */
export function addSaleRow(stmt: SaleStatement, sale: SaleDraft): void {
  const p = (value: unknown, cast: string) => stmt.param(value, cast);
  const n = stmt.saleNumber;
  stmt.add(
    'orders.sale',
    `INSERT INTO sales (id, business_id, number, sale_number, customer_id, warehouse_id, status, payment_status, payment_method,
                        currency, subtotal, tax_amount, shipping_amount, discount_amount, total, cash_tendered, change_due, loyalty_points_earned,
                        loyalty_transaction_id, notes, created_by_type, created_by_id, created_by_name, created_at, updated_at)
     SELECT ${p(sale.id, 'uuid')}, ${stmt.businessId}, ${n.number}, ${n.formatted}, ${p(sale.customer_id, 'uuid')}, ${p(sale.warehouse_id, 'uuid')},
            ${p(sale.status, 'text')}, ${p(sale.payment_status, 'text')}, ${p(sale.payment_method, 'text')}, ${p(sale.currency, 'text')},
            ${p(sale.subtotal, 'numeric')}, ${p(sale.tax_amount, 'numeric')}, ${p(sale.shipping_amount, 'numeric')},
            ${p(sale.discount_amount, 'numeric')}, ${p(sale.total, 'numeric')}, ${p(sale.cash_tendered, 'numeric')}, ${p(sale.change_due, 'numeric')},
            ${p(sale.loyalty_points_earned, 'int8')},
            ${p(sale.loyalty_transaction_id, 'uuid')}, ${p(sale.notes, 'text')}, ${p(sale.created_by_type, 'text')}, ${p(sale.created_by_id, 'uuid')},
            ${p(sale.created_by_name, 'text')}, ${n.at}, ${n.at}
       FROM ${n.from}`,
  );
}

/** The sale $2 of business $1, its row locked until the transaction ends (a cancellation's or a return's first lock). */
export const lockSale = defineStatement<[businessId: string, saleId: string], OriginalSale>(
  'orders.lockSale',
  `SELECT id, number, sale_number, customer_id, warehouse_id, status, payment_status, payment_method, currency, subtotal, tax_amount,
          shipping_amount, discount_amount, total, cash_tendered, change_due, loyalty_points_earned, loyalty_transaction_id, notes, refunded_amount,
          shipping_refunded, cancelled_at, cancel_reason, created_by_type, created_by_id, created_by_name, created_at, updated_at
     FROM sales WHERE business_id = $1 AND id = $2 FOR UPDATE`,
  { plannedPerRun: true },
);

/** Sale $2 of business $1 becomes cancelled and refunded in full (what returns left of it too), with reason $3. */
export const markSaleCancelled = defineStatement<[businessId: string, saleId: string, reason: string | null], { cancelled_at: Date }>(
  'orders.markCancelled',
  `UPDATE sales SET status = 'cancelled', payment_status = 'refunded', refunded_amount = total, cancelled_at = now(), cancel_reason = $3, updated_at = now()
    WHERE business_id = $1 AND id = $2
   RETURNING cancelled_at`,
  { plannedPerRun: true },
);
