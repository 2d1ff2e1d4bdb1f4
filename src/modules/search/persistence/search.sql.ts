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

export interface ProductHitRow {
  id: string;
  name: string;
  sku: string;
  barcode: string | null;
  price: string;
  is_active: boolean;
}

/**
 * Products whose name holds the query, or whose SKU or barcode starts with it. Exact matches first
 * (name, SKU or barcode equal to the query), then names, SKUs and barcodes starting with it, then
 * the rest; active before inactive; then by name.
 */
export const searchProducts = defineStatement<[businessId: string, exact: string, contains: string, prefix: string], ProductHitRow>(
  'search.products',
  `SELECT id, name, sku, barcode, price::text AS price, is_active
     FROM products
    WHERE business_id = $1
      AND (lower(name) LIKE $3 OR lower(sku) LIKE $4 OR lower(barcode) LIKE $4)
    ORDER BY CASE WHEN lower(name) = $2 OR lower(sku) = $2 OR lower(barcode) = $2 THEN 0
                  WHEN lower(name) LIKE $4 OR lower(sku) LIKE $4 OR lower(barcode) LIKE $4 THEN 1
                  ELSE 2 END,
             is_active DESC, lower(name), name, id
    LIMIT 5`,
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
 * of the number or of one of its digit groups ($5 `%digits%` for the index, $6 the group rule as a
 * regular expression, $7 `digits%`: from the number's start; all three null when the query has too
 * few digits). Exact name or email first, then a name, email or phone starting with it, then by name.
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
  `SELECT id, name, email, phone
     FROM customers
    WHERE business_id = $1
      AND (lower(name) LIKE $3 OR email_normalized LIKE $3 OR (phone_normalized LIKE $5::text AND phone ~ $6::text))
    ORDER BY CASE WHEN lower(name) = $2 OR email_normalized = $2 THEN 0
                  WHEN lower(name) LIKE $4 OR email_normalized LIKE $4 OR ltrim(phone_normalized, '+') LIKE $7::text THEN 1
                  ELSE 2 END,
             lower(coalesce(name, email, phone)), id
    LIMIT 5`,
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
