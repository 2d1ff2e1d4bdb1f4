import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateReturnDto } from './dto/create-return.dto';
import { ListReturnsQuery } from './dto/list-returns.query';
import { ReturnJson } from './return.mapper';
import { ReturnsReader } from './returns.reader';
import { ReturnsService } from './returns.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('returns')
@ApiBearerAuth()
@Controller()
export class ReturnsController {
  constructor(
    private readonly returns: ReturnsService,
    private readonly reader: ReturnsReader,
  ) {}

  /** Some lines of a completed or partly returned order come back in one transaction. Honours Idempotency-Key. */
  @Post('orders/:id/returns')
  @HttpCode(201)
  @RequiresScope('orders:write')
  @Endpoint({
    idempotent: true,
    summary: 'Return lines of an order: restock, refund, reverse points, credit note, sale.returned, in one transaction',
    status: 201,
    response: ReturnJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'RETURN_EXCEEDS_SOLD', 'UNKNOWN_SALE_ITEM', 'UNKNOWN_WAREHOUSE', 'STOCK_LIMIT'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: CreateReturnDto) {
    return this.returns.create(biz, id, dto);
  }

  @Get('orders/:id/returns')
  @RequiresScope('orders:read')
  @Endpoint({ summary: "List an order's returns, newest first", response: ReturnJson, shape: 'paged', errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  listForOrder(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Query() query: ListReturnsQuery) {
    return this.reader.listForOrder(biz, id, query);
  }

  @Get('returns')
  @RequiresScope('orders:read')
  @Endpoint({
    summary: 'List returns, newest first; inclusive from/to dates (business time zone)',
    response: ReturnJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListReturnsQuery) {
    return this.reader.list(biz, query);
  }

  @Get('returns/:id')
  @RequiresScope('orders:read')
  @Endpoint({ summary: 'Get a return with its lines', response: ReturnJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }
}
