import { defineStatement } from '../../../database/statement';
import { LedgerCheck, result, scoped } from './ledger-checks.sql';

/** A decimal as the API writes it in JSON: its exact digits without trailing zeros. */
const jsonNumber = (sql: string) => `trim_scale(${sql})`;

/**
 * The maintained valuation (`product_valuations`, kept by triggers: GET /reports/inventory-valuation)
 * against a recomputation from the products, their stock levels and the goods in transit of open
 * transfers: one row per product, its quantity, average cost, value = round(quantity x average cost, 2),
 * name, SKU and its JSON object written as the report wrote it before the table (to_json for texts,
 * trim_scale for numbers), byte for byte. A row of a product that does not exist is drift too.
 */
export const productValuations: LedgerCheck = defineStatement(
  'verify.productValuations',
  `WITH levels AS (
     SELECT s.business_id, s.product_id, sum(s.quantity) AS quantity FROM stock_levels s WHERE ${scoped('s')} GROUP BY 1, 2
   ), transit AS (
     SELECT i.business_id, i.product_id, sum(i.quantity) AS quantity
       FROM transfer_items i JOIN transfers t ON t.business_id = i.business_id AND t.id = i.transfer_id
      WHERE ${scoped('i')} AND t.status = 'in_transit' GROUP BY 1, 2
   ), held AS (
     SELECT p.business_id, p.id AS product_id, p.sku, p.name, p.average_cost, q.quantity, round(q.quantity * p.average_cost, 2) AS value
       FROM products p
       LEFT JOIN levels l ON l.business_id = p.business_id AND l.product_id = p.id
       LEFT JOIN transit tr ON tr.business_id = p.business_id AND tr.product_id = p.id
      CROSS JOIN LATERAL (SELECT coalesce(l.quantity, 0) + coalesce(tr.quantity, 0) AS quantity) q
      WHERE ${scoped('p')}
   ), expected AS (
     SELECT h.*, '{"product_id":"' || h.product_id || '","sku":' || to_json(h.sku) || ',"name":' || to_json(h.name)
                 || ',"quantity":' || ${jsonNumber('h.quantity')} || ',"average_cost":' || ${jsonNumber('h.average_cost')}
                 || ',"value":' || ${jsonNumber('h.value')} || '}' AS json
       FROM held h
   ), cmp AS MATERIALIZED (
     SELECT business_id, product_id,
            CASE WHEN e.product_id IS NULL THEN NULL ELSE jsonb_build_object('quantity', e.quantity, 'average_cost', e.average_cost, 'value', e.value, 'json', e.json) END AS expected,
            CASE WHEN v.product_id IS NULL THEN NULL ELSE jsonb_build_object('quantity', v.quantity, 'average_cost', v.average_cost, 'value', v.value, 'json', v.json) END AS actual,
            e.product_id IS NOT NULL AND v.product_id IS NOT NULL
              AND e.quantity = v.quantity AND e.average_cost = v.average_cost AND e.value = v.value
              AND e.sku = v.sku AND e.name = v.name AND e.json = v.json AS same
       FROM expected e
       FULL JOIN (SELECT * FROM product_valuations x WHERE ${scoped('x')}) v USING (business_id, product_id)
   ), drift AS (
     SELECT 'product_valuation' AS kind, business_id, product_id, expected, actual FROM cmp WHERE NOT same
   )
   ${result('SELECT count(*) FROM cmp', 'business_id, product_id')}`,
);
