import { defineStatement } from '../../../database/statement';
import { localDayStartSql } from '../../../database/zone-sql';

/** A row of the tax report, numeric as text. */
export interface TaxReportRow {
  tax_rate_id: string;
  name: string;
  rate: string;
  taxable_sales: string;
  tax_collected: string;
  taxable_refunds: string;
  tax_refunded: string;
}

const within = (column: string) =>
  `business_id = $1 AND ($2::date IS NULL OR ${column} >= ${localDayStartSql('$2::date', '$4::text')})
                     AND ($3::date IS NULL OR ${column} < ${localDayStartSql('$3::date + 1', '$4::text')})`;

/**
 * GET /reports/tax (docs/api.md 22): per rate of business $1 (archived ones too, and any rate a line
 * names), the tax lines of its orders sold and of its refunds made from local date $2 to $3 inclusive
 * (null: unbounded) in zone $4, summed: exactly the period's orders' and returns' (and cancellations')
 * tax_lines. Each sum reads the (business_id, created_at) index range of its table. Rates by
 * percentage, highest first, then name.
 */
export const readTaxReport = defineStatement<[businessId: string, from: string | null, to: string | null, timezone: string], TaxReportRow>(
  'taxes.report',
  `WITH sold AS (
     SELECT tax_rate_id, sum(taxable_amount) AS taxable, sum(tax_amount) AS tax, max(name) AS name, max(rate) AS rate
       FROM sale_tax_lines WHERE ${within('created_at')} GROUP BY tax_rate_id
   ), refunded AS (
     SELECT tax_rate_id, sum(taxable_amount) AS taxable, sum(tax_amount) AS tax, max(name) AS name, max(rate) AS rate
       FROM refund_tax_lines WHERE ${within('created_at')} GROUP BY tax_rate_id
   ), ids AS (
     SELECT id AS tax_rate_id FROM tax_rates WHERE business_id = $1
     UNION SELECT tax_rate_id FROM sold UNION SELECT tax_rate_id FROM refunded
   )
   SELECT ids.tax_rate_id, coalesce(r.name, s.name, f.name) AS name, coalesce(r.rate, s.rate, f.rate)::text AS rate,
          coalesce(s.taxable, 0)::text AS taxable_sales, coalesce(s.tax, 0)::text AS tax_collected,
          coalesce(f.taxable, 0)::text AS taxable_refunds, coalesce(f.tax, 0)::text AS tax_refunded
     FROM ids
     LEFT JOIN tax_rates r ON r.business_id = $1 AND r.id = ids.tax_rate_id
     LEFT JOIN sold s ON s.tax_rate_id = ids.tax_rate_id
     LEFT JOIN refunded f ON f.tax_rate_id = ids.tax_rate_id
    ORDER BY coalesce(r.rate, s.rate, f.rate) DESC, coalesce(r.name, s.name, f.name), ids.tax_rate_id`,
  { plannedPerRun: true },
);
