import { moneyString } from '../../../common/money/money';
import { localDateSql } from '../../../database/zone-sql';
import { defineStatement } from '../../../database/statement';
import type { SaleStatement } from '../../orders/persistence/sale-statement';

/**
 * The income of a sale (type `income`, in the payment method's category: `sales` for money taken at
 * the till or the bank, linked to the sale and its invoice), part
 * `finance.income` of the sale statement: named after the sale number, booked on the sale's date
 * in the business time zone.
 */
export function addSaleIncome(stmt: SaleStatement, saleId: string, invoiceId: string | null, amount: string, category: string): void {
  const n = stmt.saleNumber;
  stmt.add(
    'finance.income',
    `INSERT INTO finance_transactions (business_id, type, category, amount, description, sale_id, invoice_id, occurred_on, created_at)
     SELECT ${stmt.businessId}, 'income', ${stmt.param(category, 'text')}, ${stmt.param(moneyString(amount), 'numeric')}, 'Order ' || ${n.formatted},
            ${stmt.param(saleId, 'uuid')}, ${stmt.param(invoiceId, 'uuid')}, ${localDateSql(n.at, stmt.timezone)}, ${n.at}
       FROM ${n.from}`,
  );
}

/**
 * A refund of sale $2 (type `refund`, in the payment method's category $7) of $4, described by $5,
 * linked to invoice $3 when there is one, booked today in time zone $6.
 */
export const bookSaleRefund = defineStatement<
  [businessId: string, saleId: string, invoiceId: string | null, amount: string, description: string, timezone: string, category: string]
>(
  'finance.refundSale',
  `INSERT INTO finance_transactions (business_id, type, category, amount, description, sale_id, invoice_id, occurred_on)
   VALUES ($1, 'refund', $7, $4, $5, $2, $3, ${localDateSql('now()', '$6::text')})`,
);
