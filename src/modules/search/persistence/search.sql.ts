import { defineStatement } from '../../../database/statement';

/*
 * GET /search (docs/api.md 21): one statement per kind, at most 5 rows each, every one filtered by
 * business_id. Planned per run: a LIKE pattern's selectivity (two characters or ten) decides between
 * a trigram index and a scan, which a generic plan cannot know. Text parameters: $2 the query
 * lower-cased (an exact match), $3 `%query%`, $4 `query%` (search-terms.ts).
 */

export interface OrderHitRow {
  id: string;
  sale_number: string;
  status: string;
  total: string;
  currency: string;
  local_time: string;
  customer_name: string | null;
  customer_email: string | null;
}

/**
 * Orders whose number falls in one of the ranges ($2 lows, $3 highs: the number prefix as ranges),
 * newest first (numbers are taken in time order): each range read backwards on the (business_id,
 * number) index for at most 5, so `S-` over a million orders reads a few rows. $4: the business's
 * time zone for the local time shown.
 */
export const searchOrders = defineStatement<[businessId: string, lo: string[], hi: string[], timezone: string], OrderHitRow>(
  'search.orders',
  `SELECT s.id, s.sale_number, s.status, s.total::text AS total, s.currency,
          to_char(s.created_at AT TIME ZONE $4::text, 'YYYY-MM-DD HH24:MI') AS local_time,
          c.name AS customer_name, c.email AS customer_email
     FROM (SELECT hit.*
             FROM unnest($2::bigint[], $3::bigint[]) AS r(lo, hi)
            CROSS JOIN LATERAL (
                  SELECT id, number, sale_number, status, total, currency, created_at, customer_id
                    FROM sales
                   WHERE business_id = $1 AND number BETWEEN r.lo AND r.hi
                   ORDER BY number DESC
                   LIMIT 5) hit
            ORDER BY hit.number DESC
            LIMIT 5) s
     LEFT JOIN customers c ON c.business_id = $1 AND c.id = s.customer_id
    ORDER BY s.number DESC`,
  { plannedPerRun: true },
);

export interface InvoiceHitRow {
  id: string;
  invoice_number: string;
  status: string;
  total: string;
  currency: string;
}

/** Invoices by number prefix, newest first: as searchOrders, on (business_id, number). */
export const searchInvoices = defineStatement<[businessId: string, lo: string[], hi: string[]], InvoiceHitRow>(
  'search.invoices',
  `SELECT hit.id, hit.invoice_number, hit.status, hit.total::text AS total, hit.currency
     FROM unnest($2::bigint[], $3::bigint[]) AS r(lo, hi)
    CROSS JOIN LATERAL (
          SELECT id, number, invoice_number, status, total, currency
            FROM invoices
           WHERE business_id = $1 AND number BETWEEN r.lo AND r.hi
           ORDER BY number DESC
           LIMIT 5) hit
    ORDER BY hit.number DESC
    LIMIT 5`,
  { plannedPerRun: true },
);

/**
 * The best `limit` rows of `from` in three tiers: the exact matches, those starting with the query,
 * those holding it, each tier by `order`. Each tier is its own LIMIT 5 subquery, so PostgreSQL picks
 * per tier and per query between a walk of a name-ordered index that stops at the fifth match (a
 * query most rows match: `pr` in a catalog of "Product n") and a trigram index with a sort of what
 * it finds (a rare one); a row in several tiers counts in its best. Five of each tier are enough: a
 * tier's fifth row is shown only if the tiers above it hold fewer than five rows in all.
 */
function tiered(columns: string, from: string, order: string[], tiers: [exact: string, prefix: string, contains: string]): string {
  const names = columns.split(',').map((c) => c.trim().split(' ').pop());
  const [key, ...ties] = order;
  const tier = (n: number, where: string) =>
    `(SELECT ${columns}, ${n} AS tier, ${key} AS sort_key FROM ${from} AND (${where}) ORDER BY ${[...order, 'id'].join(', ')} LIMIT 5)`;
  return `SELECT ${names.join(', ')}
     FROM (SELECT DISTINCT ON (id) *
             FROM (${tiers.map((where, n) => tier(n, where)).join('\n                   UNION ALL ')}) hits
            ORDER BY id, tier) best
    ORDER BY ${['tier', 'sort_key', ...ties, 'id'].join(', ')}
    LIMIT 5`;
}

export interface ProductHitRow {
  id: string;
  name: string;
  sku: string;
  price: string;
}

/**
 * Active products (GET /products's default) whose name holds the query, or whose SKU or barcode
 * starts with it: exact matches (name, SKU or barcode equal to the query) first, then names, SKUs and
 * barcodes starting with it, then the rest, each by name (the order of products_business_list_order_idx).
 */
export const searchProducts = defineStatement<[businessId: string, exact: string, contains: string, prefix: string], ProductHitRow>(
  'search.products',
  tiered(
    'id, name, sku, price::text AS price',
    'products WHERE business_id = $1 AND is_active',
    ['lower(name)', 'name'],
    [
      'lower(name) = $2 OR lower(sku) = $2 OR lower(barcode) = $2',
      'lower(name) LIKE $4 OR lower(sku) LIKE $4 OR lower(barcode) LIKE $4',
      'lower(name) LIKE $3',
    ],
  ),
  { plannedPerRun: true },
);

export interface CustomerHitRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * Customers whose name or email holds the query, or whose phone has the query's digits at the start
 * of the number or of one of its digit groups ($5 `%digits%` for the trigram index, $6 the group rule
 * as a regular expression, $7 `digits%`: from the number's start; all three null when the query has
 * too few digits). Exact name or email first, then a name, email or phone starting with it, then the
 * rest, each by the label (name, else email, else phone: customers_business_label_idx).
 */
export const searchCustomers = defineStatement<
  [
    businessId: string,
    exact: string,
    contains: string,
    prefix: string,
    phoneContains: string | null,
    phoneGroupStart: string | null,
    phonePrefix: string | null,
  ],
  CustomerHitRow
>(
  'search.customers',
  tiered(
    'id, name, email, phone',
    'customers WHERE business_id = $1',
    ['lower(coalesce(name, email, phone))'],
    [
      'lower(name) = $2 OR email_normalized = $2',
      `lower(name) LIKE $4 OR email_normalized LIKE $4 OR phone_normalized LIKE $7::text OR phone_normalized LIKE '+' || $7::text`,
      'lower(name) LIKE $3 OR email_normalized LIKE $3 OR (phone_normalized LIKE $5::text AND phone ~ $6::text)',
    ],
  ),
  { plannedPerRun: true },
);

export interface SupplierHitRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** Suppliers whose name holds the query: the exact name first, then names starting with it, then by name. */
export const searchSuppliers = defineStatement<[businessId: string, exact: string, contains: string, prefix: string], SupplierHitRow>(
  'search.suppliers',
  `SELECT id, name, email, phone
     FROM suppliers
    WHERE business_id = $1 AND lower(name) LIKE $3
    ORDER BY CASE WHEN lower(name) = $2 THEN 0 WHEN lower(name) LIKE $4 THEN 1 ELSE 2 END, lower(name), id
    LIMIT 5`,
  { plannedPerRun: true },
);
