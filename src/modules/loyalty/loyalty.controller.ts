import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Bare } from '../../common/http/envelope.interceptor';
import { Idempotent } from '../../common/idempotency/idempotent.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { RedeemPointsDto } from './dto/redeem-points.dto';
import { LoyaltyReader } from './loyalty.reader';
import { LoyaltyService } from './loyalty.service';

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
  @Idempotent()
  redeem(@CurrentBusiness() biz: BusinessContext, @Body() dto: RedeemPointsDto) {
    return this.loyalty.redeem(biz, dto);
  }

  /** Bare balance object (SPEC.md 2.1); zeros for a customer without transactions. */
  @Get(':customer_id')
  @Bare()
  balance(@CurrentBusiness() biz: BusinessContext, @UuidParam('customer_id') customerId: string) {
    return this.reader.balance(biz, customerId);
  }

  /** Bare array of every transaction (SPEC.md 2.2), most recent first. */
  @Get(':customer_id/history')
  @Bare()
  history(@CurrentBusiness() biz: BusinessContext, @UuidParam('customer_id') customerId: string) {
    return this.reader.history(biz, customerId);
  }
}
