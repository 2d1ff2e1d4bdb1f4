import type { SaleStatement } from '../../orders/persistence/sale-statement';
import { currentTraceparent } from '../../../common/tracing/trace-context';

/**
 * Part `documents.invoiceEmail` of the order's numbered statement: the invoice's mail, queued for the
 * customer's email when the customer has one (a customer found or created by the order's first
 * statement, so its row is visible here). No lock, no extra round trip.
 */
export function addSaleInvoiceEmail(stmt: SaleStatement, invoiceId: string, customerId: string, attemptLimit: number): void {
  stmt.add(
    'documents.invoiceEmail',
    `INSERT INTO invoice_emails (business_id, invoice_id, recipient, status, attempts, attempt_limit, next_attempt_at, trace_parent)
     SELECT c.business_id, ${stmt.param(invoiceId, 'uuid')}, c.email, 'pending', 0, ${stmt.param(attemptLimit, 'int')}, now(), ${stmt.param(currentTraceparent(), 'text')}
       FROM customers c
      WHERE c.business_id = ${stmt.businessId} AND c.id = ${stmt.param(customerId, 'uuid')} AND c.email IS NOT NULL`,
  );
}
