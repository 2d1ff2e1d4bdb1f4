import { activityOf } from '../../common/activity/activity-of';
import { Customer } from '../customers/entities/customer.entity';
import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { pointsNumber } from '../../common/money/points';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { RedeemPointsDto } from './dto/redeem-points.dto';
import { LoyaltyAccount } from './entities/loyalty-account.entity';
import { RedemptionJson } from './loyalty.mapper';
import { redeemPoints } from './persistence/loyalty-redemption.sql';

const MANUAL_REDEMPTION = 'Manual redemption';

/**
 * Loyalty points: one account per customer (balance, lifetime totals) and its ledger of
 * transactions. The balance never goes below zero (a CHECK on the account row, and every debit is
 * a conditional update of that row, never read-then-write).
 */
@Injectable()
export class LoyaltyService {
  constructor(private readonly uow: UnitOfWork) {}

  /** A manual redemption: 422 UNKNOWN_CUSTOMER, or 422 INSUFFICIENT_POINTS naming the balance found. */
  async redeem(biz: BusinessContext, dto: RedeemPointsDto): Promise<RedemptionJson> {
    return this.uow.run(async (tx) => {
      const redeemed = await this.debit(tx, biz.id, dto);
      const customer = await tx
        .getRepository(Customer)
        .findOne({ select: { id: true, name: true, email: true, phone: true }, where: { businessId: biz.id, id: dto.customer_id } });
      tx.recordActivity(
        activityOf(
          biz,
          'loyalty.redeem',
          { type: 'customer', id: dto.customer_id, label: customer?.name ?? customer?.email ?? customer?.phone ?? null },
          {
            points_balance: [redeemed.new_balance + redeemed.points_redeemed, redeemed.new_balance],
          },
        ),
      );
      return redeemed;
    });
  }

  /** The debit and its ledger line (redeemPoints): written only where the balance covers the points. */
  async debit(tx: Tx, businessId: string, dto: RedeemPointsDto): Promise<RedemptionJson> {
    tx.locks.take(LockRank.LoyaltyAccount);
    const [row] = await tx.run(redeemPoints, [businessId, dto.customer_id, dto.points, dto.reason ?? MANUAL_REDEMPTION]);
    if (!row?.customer_id) throw new DomainError('UNKNOWN_CUSTOMER', undefined, [{ customer_id: dto.customer_id }]);
    if (row.new_balance === null || !row.transaction_id) {
      const balance = await this.balanceOf(tx, businessId, dto.customer_id);
      throw new DomainError('INSUFFICIENT_POINTS', `The balance is ${balance} points, ${dto.points} were requested`, [{ balance, requested: dto.points }]);
    }
    return { transaction_id: row.transaction_id, customer_id: dto.customer_id, points_redeemed: dto.points, new_balance: pointsNumber(row.new_balance) };
  }

  private async balanceOf(tx: Tx, businessId: string, customerId: string): Promise<number> {
    const account = await tx.getRepository(LoyaltyAccount).findOneBy({ businessId, customerId });
    return pointsNumber(account?.balance ?? null);
  }
}
