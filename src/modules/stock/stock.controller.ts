import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Idempotent } from '../../common/idempotency/idempotent.decorator';
import { CreateAdjustmentDto } from './dto/create-adjustment.dto';
import { ListMovementsQuery } from './dto/list-movements.query';
import { StockMovementsService } from './stock-movements.service';

@ApiTags('stock')
@ApiBearerAuth()
@Controller('stock')
export class StockController {
  constructor(private readonly movements: StockMovementsService) {}

  /** A signed manual adjustment; 201 with the movement it wrote. Emits stock.adjusted (and stock.low / stock.out). Honours Idempotency-Key. */
  @Post('adjustments')
  @Idempotent()
  adjust(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateAdjustmentDto) {
    return this.movements.adjust(biz, dto);
  }

  /** The movement ledger, newest first. */
  @Get('movements')
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListMovementsQuery) {
    return this.movements.list(biz, query);
  }
}
