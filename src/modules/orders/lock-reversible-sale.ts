import { DomainError } from '../../common/errors/domain-error';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import { OriginalSale } from './original-sale';
import { lockSale } from './persistence/orders-sale.sql';
import { REVERSIBLE_SALE_STATUSES, SaleStatus } from './sale-status';

/**
 * The first lock of a cancellation or a return: the sale row, held to the end, so a concurrent
 * cancel or return of the same order waits and then sees what this one did. 404 for a sale of
 * another business; 409 INVALID_STATUS_TRANSITION unless it is completed or partly returned (or in `from`).
 */
export async function lockReversibleSale(
  tx: Tx,
  businessId: string,
  saleId: string,
  to: 'cancelled' | 'returned',
  from: readonly SaleStatus[] = REVERSIBLE_SALE_STATUSES,
): Promise<OriginalSale> {
  tx.locks.take(LockRank.SaleRow);
  const [sale] = await tx.run(lockSale, [businessId, saleId]);
  if (!sale) throw DomainError.notFound('Order');
  if (!from.includes(sale.status as SaleStatus)) {
    const action = to === 'cancelled' ? 'cancelled' : 'returned';
    throw new DomainError('INVALID_STATUS_TRANSITION', `An order that is ${sale.status} cannot be ${action}`, [{ from: sale.status, to }]);
  }
  return sale;
}
