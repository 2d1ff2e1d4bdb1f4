import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { MovementJson } from './stock-movements.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { CreateAdjustmentDto } from './dto/create-adjustment.dto';
import { ListMovementsQuery } from './dto/list-movements.query';
import { StockMovementsService } from './stock-movements.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('stock')
@ApiBearerAuth()
@Controller('stock')
export class StockController {
  constructor(private readonly movements: StockMovementsService) {}

  /** A signed manual adjustment; 201 with the movement it wrote. Emits stock.adjusted (and stock.low / stock.out). Honours Idempotency-Key. */
  @Post('adjustments')
  @RequiresScope('inventory')
  @Endpoint({
    idempotent: true,
    summary: 'Adjust stock by a signed quantity; emits stock.adjusted (and stock.low / stock.out)',
    status: 201,
    response: MovementJson,
    body: true,
    errors: ['UNKNOWN_PRODUCT', 'UNKNOWN_WAREHOUSE', 'INSUFFICIENT_STOCK', 'STOCK_LIMIT'],
  })
  adjust(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateAdjustmentDto) {
    return this.movements.adjust(biz, dto);
  }

  @Get('movements')
  @RequiresScope('inventory')
  @Endpoint({ summary: 'The stock movement ledger, newest first', response: MovementJson, shape: 'paged', errors: ['VALIDATION_FAILED'] })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListMovementsQuery) {
    return this.movements.list(biz, query);
  }
}
