import { CombinedStatement } from '../../../database/combined-statement';

/** The business's tax settings and active rates as the order's first statement reads them (one JSON column). */
export interface TaxContextRow {
  inclusive: boolean;
  shipping_rate_id: string | null;
  rates: { id: string; name: string; rate: string; is_default: boolean }[] | null;
}

/**
 * A column of the order's first statement (and of its quote's): the business's `prices_include_tax`,
 * `shipping_tax_rate_id` and its active rates (numeric as text), scoped by the business parameter
 * `biz`. Read only for an order whose tax the server computes (no `tax_amount` in the body).
 */
export function taxContextColumn(stmt: CombinedStatement, businessId: string): string {
  const biz = stmt.param(businessId, 'uuid');
  return `(SELECT json_build_object('inclusive', b.prices_include_tax, 'shipping_rate_id', b.shipping_tax_rate_id,
            'rates', (SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'rate', r.rate::text, 'is_default', r.is_default))
                        FROM tax_rates r WHERE r.business_id = ${biz} AND r.archived_at IS NULL))
             FROM businesses b WHERE b.id = ${biz})`;
}
