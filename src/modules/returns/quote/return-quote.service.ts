import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../../common/auth/business-context';
import { pointsNumber } from '../../../common/money/points';
import { UnitOfWork } from '../../../database/unit-of-work';
import { LoyaltyAccount } from '../../loyalty/entities/loyalty-account.entity';
import { pointsToReverse } from '../../loyalty/loyalty-rules';
import { CreateReturnDto } from '../dto/create-return.dto';
import { planReturn } from '../return-plan';
import { ReturnQuoteJson, toReturnQuoteJson } from './return-quote.mapper';

/**
 * POST /orders/:id/returns/quote: the return POST /orders/:id/returns would make of this body, by its
 * own plan (the sale row locked, the lines, the contract's cumulative amounts, the warehouses), and
 * its refusals; then nothing is written, no number is taken, and the sale row's lock ends with the
 * request's transaction. The points are those the loyalty effect would take: the cumulative rule's,
 * never more than the customer's balance.
 */
@Injectable()
export class ReturnQuoteService {
  constructor(private readonly uow: UnitOfWork) {}

  async quote(biz: BusinessContext, saleId: string, dto: CreateReturnDto): Promise<ReturnQuoteJson> {
    return this.uow.run(async (tx) => {
      const plan = await planReturn(tx, biz, saleId, dto);
      const customerId = plan.sale.customer_id;
      let points = 0;
      if (customerId && plan.amounts.points > 0) {
        const account = await tx.getRepository(LoyaltyAccount).findOne({ where: { businessId: biz.id, customerId } });
        points = pointsToReverse(plan.amounts.points, pointsNumber(account?.balance ?? null));
      }
      return toReturnQuoteJson(plan, points, dto.reason ?? null, biz.actor);
    });
  }
}
