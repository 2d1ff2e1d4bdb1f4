import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateStockCountDto } from './dto/create-stock-count.dto';
import { ListStockCountsQuery } from './dto/list-stock-counts.query';
import { StockCountJson } from './stock-count.mapper';
import { StockCountsReader } from './stock-counts.reader';
import { StockCountsService } from './stock-counts.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('stock')
@ApiBearerAuth()
@Controller('stock/counts')
export class StockCountsController {
  constructor(
    private readonly counts: StockCountsService,
    private readonly reader: StockCountsReader,
  ) {}

  /** 201 with the count, numbered CNT-0001 gaplessly; each counted quantity is now the stock. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @RequiresScope('inventory')
  @Endpoint({
    idempotent: true,
    summary: 'Post a stock count: each counted quantity becomes the stock (count movements of the differences); compare-and-set with expected_quantity',
    status: 201,
    response: StockCountJson,
    body: true,
    errors: ['UNKNOWN_PRODUCT', 'UNKNOWN_WAREHOUSE', 'STOCK_CHANGED'],
  })
  post(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateStockCountDto) {
    return this.counts.post(biz, dto);
  }

  @Get()
  @RequiresScope('inventory')
  @Endpoint({
    summary: 'List stock counts, newest first; filters warehouse_id and inclusive from/to posting dates (business time zone)',
    response: StockCountJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListStockCountsQuery) {
    return this.reader.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('inventory')
  @Endpoint({
    summary: 'Get a stock count with the stock before, the counted quantity and the difference of each product',
    response: StockCountJson,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }
}
