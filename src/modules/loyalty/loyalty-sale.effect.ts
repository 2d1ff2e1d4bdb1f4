import { Injectable } from '@nestjs/common';
import { pointsNumber } from '../../common/money/points';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from '../orders/persistence/sale-statement';
import type { SaleEffect, SaleReversal, SaleShape } from '../orders/sale-effect';
import { SaleEffectProvider } from '../orders/sale-effects';
import { SaleDraft } from '../orders/sale-draft';
import { pointsToReverse } from './loyalty-rules';
import { addLoyaltyEarning, lockLoyaltyAccount, reverseLoyaltyPoints } from './persistence/loyalty-sale.sql';

/**
 * Loyalty's side of a sale: the points a sale with a customer earns, credited to the account with
 * the sale, and taken back when it is undone, never below a zero balance.
 */
@Injectable()
@SaleEffectProvider()
export class LoyaltySaleEffect implements SaleEffect {
  readonly module = 'loyalty';
  readonly lock = LockRank.LoyaltyAccount;
  /** points only with a customer */
  readonly shapes: SaleShape[] = [{ customer: false }, { customer: true }];

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    if (!sale.customer_id || !sale.loyalty_transaction_id) return;
    addLoyaltyEarning(stmt, {
      customerId: sale.customer_id,
      saleId: sale.id,
      points: sale.loyalty_points_earned,
      transactionId: sale.loyalty_transaction_id,
    });
  }

  /**
   * Takes back the reversal's points, at most what the balance holds (points already redeemed stay
   * redeemed): the account row is locked, then debited.
   */
  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    const customerId = reversal.sale.customer_id;
    if (!customerId || reversal.points <= 0) return;
    tx.locks.take(LockRank.LoyaltyAccount);
    const [account] = await tx.run(lockLoyaltyAccount, [reversal.businessId, customerId]);
    const points = pointsToReverse(reversal.points, pointsNumber(account?.balance ?? null));
    if (points === 0) return;
    await tx.run(reverseLoyaltyPoints, [reversal.businessId, customerId, points, reversal.sale.id, reversal.descriptions.points]);
    reversal.outcome.pointsReversed = points;
  }
}
