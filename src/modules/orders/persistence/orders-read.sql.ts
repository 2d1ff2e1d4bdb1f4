import { localDayStartSql } from '../../../database/zone-sql';
import { defineStatement } from '../../../database/statement';
import { SaleWithLinesRow } from '../order.mapper';

/*
 * Every table of these statements is filtered by business $1 itself, beside its join to the sale
 * (`x.business_id = s.business_id AND x.business_id = $1`): Citus routes a statement to one shard only
 * when each of its tables names the business's value (docs/scale-out.md, "What a request touches").
 */
const SALE_COLUMNS = `s.id, s.sale_number, s.status, s.payment_status, s.payment_method, s.customer_id, s.warehouse_id, s.currency,
  s.subtotal, s.tax_amount, s.shipping_amount, s.discount_amount, s.total, s.refunded_amount, s.cash_tendered, s.change_due, s.loyalty_points_earned, s.loyalty_transaction_id,
  s.notes, s.created_by_type, s.created_by_id, s.created_by_name, s.created_at, inv.id AS invoice_id, inv.invoice_number,
  tl.tax_lines, coalesce(tl.tax_included, false) AS tax_included`;
/**
 * The sale's invoice, and its tax lines (docs/api.md 22: numeric as text, sorted by the mapper), one
 * probe of the primary key (business_id, sale_id, ...) of sale_tax_lines: none for an order that gave its tax.
 */
const WITH_INVOICE = `LEFT JOIN LATERAL (
    SELECT i.id, i.invoice_number FROM invoices i WHERE i.business_id = s.business_id AND i.business_id = $1 AND i.sale_id = s.id ORDER BY i.number LIMIT 1
  ) inv ON true
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('tax_rate_id', t.tax_rate_id, 'name', t.name, 'rate', t.rate::text, 'taxable_amount', t.taxable_amount::text,
                                      'tax_amount', t.tax_amount::text)) AS tax_lines, bool_or(t.tax_included) AS tax_included
      FROM sale_tax_lines t WHERE t.business_id = s.business_id AND t.business_id = $1 AND t.sale_id = s.id
  ) tl ON true`;

/**
 * The sale's lines in the sale's own row, as one JSON array by line number, each line an array in
 * the order of SaleLineTuple, each numeric as its text (JSON numbers would be read as doubles). In
 * the statement that reads the sales, so an order and its lines are read in one snapshot (two
 * statements outside a transaction could show a return's refund without its returned quantities),
 * and one statement a page: the lines taken as rows of their own by a second statement cost the API
 * a sixth more CPU per GET /orders (BENCHMARKS.md, eighth part). The subquery is ordered by line
 * number so that a plan made without full sorts (runPageOnGenericPlan) probes (business_id, sale_id,
 * line_no) for each sale: a generic plan made on a few lines probed business_id alone and filtered
 * the sale, every line the business ever sold (test/read-plan-mode.e2e-spec.ts). The order of the
 * array is the aggregate's own ORDER BY's.
 */
const SALE_LINES = `(SELECT json_agg(json_build_array(l.id, l.product_id, l.product_name, l.sku, l.quantity::text, l.unit_price::text,
       l.discount::text, l.total::text, l.returned_quantity::text, l.unit_cost::text, l.cost_total::text) ORDER BY l.line_no)
     FROM (SELECT * FROM sale_items si WHERE si.business_id = s.business_id AND si.business_id = $1 AND si.sale_id = s.id ORDER BY si.line_no) l) AS lines`;

/** Sale $2 of business $1 with its invoice and its lines. */
export const readSale = defineStatement<[businessId: string, saleId: string], SaleWithLinesRow>(
  'orders.get',
  `SELECT ${SALE_COLUMNS}, ${SALE_LINES} FROM sales s ${WITH_INVOICE} WHERE s.business_id = $1 AND s.id = $2`,
  { plannedPerRun: true },
);

const PAGE_WITH_INVOICES = (filters: string, limit: string, offset: string) => `SELECT ${SALE_COLUMNS}, ${SALE_LINES} FROM (
         SELECT s.* FROM sales s WHERE ${filters}
          ORDER BY s.created_at DESC, s.number DESC LIMIT ${limit} OFFSET ${offset}
       ) s ${WITH_INVOICE}
       ORDER BY s.created_at DESC, s.number DESC`;

/** A row of a page of sales: the sale with its lines, and the page's total (one row of nulls but the total when the page is empty). */
export type SalePageRow = SaleWithLinesRow & { total_count: number };

/**
 * The total of a business's sales unfiltered: its sale counter. Every sale takes its next number
 * and none is ever deleted (`cli verify` checks both), so a long history costs a page no count.
 */
const SALE_COUNTER_VALUE = `(SELECT k.value::int FROM business_counters k WHERE k.business_id = $1 AND k.name = 'sale')`;

/**
 * GET /orders without filters (the common first page), prepared: one page of business $1's sales,
 * newest first, LIMIT $2 OFFSET $3, each row with the total (one row of nulls but the total when the
 * page is empty). The same rows as readSalePage with every filter null. A page past the last reads
 * the counter only (`$3 < c.total_count`, a one-time filter): OFFSET would walk every sale of the
 * business to find nothing (60-100 ms at 100,000 sales).
 *
 * Run on its generic plan (runPageOnGenericPlan): PostgreSQL's plan cache kept a custom plan,
 * planned on every run (0.30 ms of planning against 0.16 ms of execution a page, pg_stat_statements
 * under the cpu bench), because the generic plan, not knowing the LIMIT, is costed for a tenth of the
 * business's sales. Serial, it is the custom plan's: the index on (business_id, created_at) walked to
 * OFFSET + LIMIT (checked at 100,000 sales: the same plan as the custom one at offsets 0 and 99,000).
 * Made as an index walk whatever the statistics say, since a connection keeps it while the business
 * grows (test/read-plan-mode.e2e-spec.ts).
 */
export const readLatestSalePage = defineStatement<[businessId: string, limit: number, offset: number], SalePageRow>(
  'orders.latestPage',
  `SELECT c.total_count, p.* FROM (SELECT ${SALE_COUNTER_VALUE} AS total_count) c
     LEFT JOIN LATERAL (${PAGE_WITH_INVOICES('s.business_id = $1 AND $3 < c.total_count', '$2', '$3')}) p ON true`,
);

/**
 * The filters of GET /orders; an absent one is null. Its conditions are written `($n IS NULL OR
 * ...)`, which a plan made for the actual values folds away, so this statement is planned per run.
 * An order number ($10, any case) is found by its counter value ($9, its digits: saleNumberKey) on
 * the unique index (business_id, number), then compared whole: no index of its own to maintain.
 */
const FILTERS = `s.business_id = $1
   AND ($2::uuid IS NULL OR s.customer_id = $2::uuid)
   AND ($3::text IS NULL OR s.status = $3::text)
   AND ($4::date IS NULL OR s.created_at >= ${localDayStartSql('$4::date', '$6::text')})
   AND ($5::date IS NULL OR s.created_at < ${localDayStartSql('$5::date + 1', '$6::text')})
   AND ($9::bigint IS NULL OR (s.number = $9::bigint AND lower(s.sale_number) = lower($10::text)))`;

/**
 * One page of business $1's sales, newest first, with the filtered total on every row (one row of
 * nulls but the total when the page is empty): customer $2, status $3, local dates $4 to $5
 * inclusive in time zone $6, LIMIT $7 OFFSET $8, number $10 (its counter value $9). The page is chosen first (index order, LIMIT), then
 * its invoices: whatever the statistics say, the invoice lookup runs for the rows of the page only.
 * For a filtered list: unfiltered, readLatestSalePage.
 */
export const readSalePage = defineStatement<
  [
    businessId: string,
    customerId: string | null,
    status: string | null,
    from: string | null,
    to: string | null,
    timezone: string,
    limit: number,
    offset: number,
    numberValue: string | null,
    number: string | null,
  ],
  SalePageRow
>(
  'orders.page',
  `SELECT c.total_count, p.* FROM (SELECT count(*)::int AS total_count FROM sales s WHERE ${FILTERS}) c
     LEFT JOIN LATERAL (${PAGE_WITH_INVOICES(FILTERS, '$7', '$8')}) p ON true`,
  { plannedPerRun: true },
);

/** A row of an export page: a sale with its lines, and the names beside its ids (orders.exportPage). */
export type SaleExportRow = SaleWithLinesRow & SaleNames;

/** What the CSV export writes beside the customer's and the warehouse's ids (docs/api.md, "CSV exports"). */
export interface SaleNames {
  customer_name: string | null;
  customer_email: string | null;
  warehouse_name: string;
}

/**
 * The names of the page's customers and warehouses, looked up by primary key for the rows of the page
 * only (after its LIMIT), each within the business.
 */
const WITH_NAMES = `LEFT JOIN customers cu ON cu.business_id = s.business_id AND cu.business_id = $1 AND cu.id = s.customer_id
   JOIN warehouses w ON w.business_id = s.business_id AND w.business_id = $1 AND w.id = s.warehouse_id`;

/**
 * The next page of an export of GET /orders (CSV): business $1's sales under the filters of
 * readSalePage ($2 to $6, $9 and $10), in the list's order, after sale $7 (none: from the first), LIMIT $8.
 * Keyset paging on (created_at, number), read from the row of sale $7 (both never change): each page
 * starts where the last one ended, an index range whatever the depth, where OFFSET would walk every
 * sale before it; with the names beside the ids (WITH_NAMES). The bound on created_at alone is what the index (business_id, created_at) can seek.
 * Planned per run, as readSalePage, for its `($n IS NULL OR ...)` filters.
 */
export const readSaleExportPage = defineStatement<
  [
    businessId: string,
    customerId: string | null,
    status: string | null,
    from: string | null,
    to: string | null,
    timezone: string,
    afterSaleId: string | null,
    limit: number,
    numberValue: string | null,
    number: string | null,
  ],
  SaleExportRow
>(
  'orders.exportPage',
  `SELECT ${SALE_COLUMNS}, ${SALE_LINES}, cu.name AS customer_name, cu.email AS customer_email, w.name AS warehouse_name FROM (
     SELECT s.* FROM sales s WHERE ${FILTERS}
        AND ($7::uuid IS NULL OR s.created_at <= (SELECT c.created_at FROM sales c WHERE c.business_id = $1 AND c.id = $7::uuid))
        AND ($7::uuid IS NULL OR (s.created_at, s.number) < (SELECT c.created_at, c.number FROM sales c WHERE c.business_id = $1 AND c.id = $7::uuid))
      ORDER BY s.created_at DESC, s.number DESC LIMIT $8
   ) s ${WITH_INVOICE} ${WITH_NAMES}
   ORDER BY s.created_at DESC, s.number DESC`,
  { plannedPerRun: true },
);
