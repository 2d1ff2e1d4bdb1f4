import { localDateSql } from '../../../database/zone-sql';
import { counterStepSql } from '../../../database/persistence/counters.sql';
import { defineStatement } from '../../../database/statement';

function issueManualSql(citus: boolean): string {
  return `WITH n AS (${counterStepSql('$1::uuid', `'invoice'`, `'INV'`, 'true', citus)})
   INSERT INTO invoices (id, business_id, number, invoice_number, customer_id, sale_id, status, currency, subtotal, tax_amount, total,
                         due_date, notes, created_at, updated_at)
   SELECT $2::uuid, $1::uuid, n.number, n.formatted, $3::uuid, NULL, 'unpaid', $4::text, $5::numeric, $6::numeric, $7::numeric,
          coalesce($8::date, ${localDateSql('n.at', '$9::text')} + $10::int), $11::text, n.at, n.at
     FROM n
   RETURNING id`;
}

/**
 * A manual invoice, unpaid, numbered from the business's invoice counter (INV-0001, shared with the
 * invoices of orders) in the same statement, so the counter row, held until commit, is taken last.
 * Its creation time is the time the number was taken (so numbers and creation times agree); it is
 * due on `$8`, else `$10` days after that time's date in the business zone `$9`. The items are
 * written before, under the id `$2`.
 */
export const issueManualInvoice = defineStatement<
  [
    businessId: string,
    invoiceId: string,
    customerId: string,
    currency: string,
    subtotal: string,
    taxAmount: string,
    total: string,
    dueDate: string | null,
    timezone: string,
    dueDays: number,
    notes: string | null,
  ],
  { id: string }
>('invoices.issueManual', issueManualSql(false), { citusText: issueManualSql(true) });
