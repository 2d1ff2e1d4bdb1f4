import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { writeJsonArray } from '../../common/http/json-array-stream';
import { LoyaltyHistoryQuery } from './dto/loyalty-history.query';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { LoyaltyBalanceJson, LoyaltyTransactionJson, RedemptionJson } from './loyalty.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { bare } from '../../common/http/envelope';
import { UuidParam } from '../../common/validation/uuid-param';
import { RedeemPointsDto } from './dto/redeem-points.dto';
import { LoyaltyReader } from './loyalty.reader';
import { LoyaltyService } from './loyalty.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('loyalty')
@ApiBearerAuth()
@Controller('loyalty')
export class LoyaltyController {
  constructor(
    private readonly loyalty: LoyaltyService,
    private readonly reader: LoyaltyReader,
  ) {}

  /** 201, wrapped: {transaction_id, customer_id, points_redeemed, new_balance}. 422 INSUFFICIENT_POINTS above the balance. Honours Idempotency-Key. */
  @Post('redeem')
  @HttpCode(201)
  @RequiresScope('customers')
  @Endpoint({
    idempotent: true,
    summary: 'Redeem points of a customer (never below a zero balance)',
    status: 201,
    response: RedemptionJson,
    body: true,
    errors: ['UNKNOWN_CUSTOMER', 'INSUFFICIENT_POINTS'],
  })
  redeem(@CurrentBusiness() biz: BusinessContext, @Body() dto: RedeemPointsDto) {
    return this.loyalty.redeem(biz, dto);
  }

  /** Bare balance object {customer_id, balance, lifetime_earned, lifetime_redeemed}; zeros for a customer without transactions. */
  @Get(':customer_id')
  @RequiresScope('customers')
  @Endpoint({
    summary: "A customer's points balance (a bare object, docs/api.md 2)",
    response: LoyaltyBalanceJson,
    shape: 'bare',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  async balance(@CurrentBusiness() biz: BusinessContext, @UuidParam('customer_id') customerId: string) {
    return bare(await this.reader.balance(biz, customerId));
  }

  /**
   * Bare array, most recent first: every transaction, written out a page at a time (a long history
   * never sits in memory), or one page with `limit` (1..1000) and/or `before` (docs/api.md 6).
   */
  @Get(':customer_id/history')
  @RequiresScope('customers')
  @Endpoint({
    summary: "A customer's points transactions, newest first (a bare array, docs/api.md 2): all of them, or a page with limit and before",
    response: LoyaltyTransactionJson,
    shape: 'bare-array',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  async history(
    @CurrentBusiness() biz: BusinessContext,
    @UuidParam('customer_id') customerId: string,
    @Query() query: LoyaltyHistoryQuery,
    @Res() res: Response,
  ): Promise<void> {
    if (query.limit !== undefined || query.before !== undefined) {
      res.json(await this.reader.historyPage(biz, customerId, query));
      return;
    }
    await writeJsonArray(res, this.reader.wholeHistory(biz, customerId));
  }
}
