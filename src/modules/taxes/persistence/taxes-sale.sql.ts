import { defineStatement } from '../../../database/statement';
import type { SaleStatement } from '../../orders/persistence/sale-statement';
import type { SaleTaxLineDraft } from '../../orders/sale-draft';

/**
 * The order's tax lines (docs/api.md 22), part `taxes.saleLines` of the sale statement: one row per
 * rate, a snapshot of its name and percentage, timed as the sale. Only orders whose tax was computed.
 */
export function addSaleTaxLines(stmt: SaleStatement, saleId: string, lines: SaleTaxLineDraft[], taxIncluded: boolean): void {
  const n = stmt.saleNumber;
  const p = (values: unknown[], cast: string) => stmt.param(values, cast);
  stmt.add(
    'taxes.saleLines',
    `INSERT INTO sale_tax_lines (business_id, sale_id, tax_rate_id, name, rate, taxable_amount, tax_amount, base_amount, sale_item_ids,
                                 includes_shipping, tax_included, created_at)
     SELECT ${stmt.businessId}, ${stmt.param(saleId, 'uuid')}, l.tax_rate_id, l.name, l.rate, l.taxable_amount, l.tax_amount, l.base_amount,
            ARRAY(SELECT json_array_elements_text(l.item_ids)::uuid), l.includes_shipping, ${stmt.param(taxIncluded, 'bool')}, ${n.at}
       FROM ${n.from},
            unnest(${p(
              lines.map((l) => l.tax_rate_id),
              'uuid[]',
            )}, ${p(
              lines.map((l) => l.name),
              'text[]',
            )}, ${p(
              lines.map((l) => l.rate),
              'numeric[]',
            )}, ${p(
              lines.map((l) => l.taxable_amount),
              'numeric[]',
            )}, ${p(
              lines.map((l) => l.tax_amount),
              'numeric[]',
            )}, ${p(
              lines.map((l) => l.base_amount),
              'numeric[]',
            )}, ${p(
              lines.map((l) => JSON.stringify(l.sale_item_ids)),
              'json[]',
            )}, ${p(
              lines.map((l) => l.includes_shipping),
              'bool[]',
            )})
            AS l(tax_rate_id, name, rate, taxable_amount, tax_amount, base_amount, item_ids, includes_shipping)`,
  );
}

/**
 * What a cancellation gives back of sale $2's tax (docs/api.md 22): per rate, the order's tax,
 * taxable amount and value less what its returns refunded, as refund lines of no return, at now().
 */
export const refundRemainingTax = defineStatement<[businessId: string, saleId: string]>(
  'taxes.refundRemaining',
  `INSERT INTO refund_tax_lines (business_id, id, sale_id, return_id, tax_rate_id, name, rate, taxable_amount, tax_amount, base_amount, created_at)
   SELECT s.business_id, gen_random_uuid(), s.sale_id, NULL, s.tax_rate_id, s.name, s.rate,
          s.taxable_amount - coalesce(r.taxable_amount, 0), s.tax_amount - coalesce(r.tax_amount, 0), s.base_amount - coalesce(r.base_amount, 0), now()
     FROM sale_tax_lines s
     LEFT JOIN (SELECT tax_rate_id, sum(taxable_amount) AS taxable_amount, sum(tax_amount) AS tax_amount, sum(base_amount) AS base_amount
                  FROM refund_tax_lines WHERE business_id = $1 AND sale_id = $2 GROUP BY tax_rate_id) r ON r.tax_rate_id = s.tax_rate_id
    WHERE s.business_id = $1 AND s.sale_id = $2
      AND (s.base_amount <> coalesce(r.base_amount, 0) OR s.tax_amount <> coalesce(r.tax_amount, 0))`,
);

/** A return's tax lines: return $3 of sale $2 of business $1, at $4, one row per rate of the arrays. */
export const insertReturnTaxLines = defineStatement<
  [
    businessId: string,
    saleId: string,
    returnId: string,
    at: Date,
    rateIds: string[],
    names: string[],
    rates: string[],
    taxable: string[],
    tax: string[],
    base: string[],
  ]
>(
  'taxes.returnLines',
  `INSERT INTO refund_tax_lines (business_id, id, sale_id, return_id, tax_rate_id, name, rate, taxable_amount, tax_amount, base_amount, created_at)
   SELECT $1, gen_random_uuid(), $2, $3, l.tax_rate_id, l.name, l.rate, l.taxable_amount, l.tax_amount, l.base_amount, $4
     FROM unnest($5::uuid[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[])
          AS l(tax_rate_id, name, rate, taxable_amount, tax_amount, base_amount)`,
);
