import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { writeCsv } from '../../common/csv/csv-response';
import { exportDescription } from '../../common/csv/csv-export';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { OrderJson } from './order.mapper';
import { orderCsvLayout } from './order-csv';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateOrderDto } from './dto/create-order.dto';
import { ExportOrdersQuery, ListOrdersQuery } from './dto/list-orders.query';
import { CancelOrderDto } from './order-cancellation.dto';
import { OrderCancellationService } from './order-cancellation.service';
import { OrdersReader } from './orders.reader';
import { OrdersService } from './orders.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly reader: OrdersReader,
    private readonly cancellation: OrderCancellationService,
  ) {}

  /** One call, the whole sale: customer, stock, loyalty, invoice, finance, sale.completed. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @RequiresScope('sales')
  @Endpoint({
    idempotent: true,
    summary: 'Place an order: customer, stock, loyalty, invoice, finance and sale.completed in one transaction',
    status: 201,
    response: OrderJson,
    body: true,
    errors: ['UNKNOWN_PRODUCT', 'INACTIVE_PRODUCT', 'UNKNOWN_WAREHOUSE', 'INSUFFICIENT_STOCK', 'NEGATIVE_TOTAL'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateOrderDto) {
    return this.orders.create(biz, dto);
  }

  /** Newest first; `from` and `to` are inclusive dates in the business time zone. */
  @Get()
  @RequiresScope('orders:read')
  @Endpoint({
    summary: 'List orders, newest first; from/to are inclusive dates in the business time zone',
    response: OrderJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListOrdersQuery) {
    return this.reader.list(biz, query);
  }

  /** GET /orders as CSV: the same filters, every matching order (no paging), streamed (docs/api.md, "CSV exports"). */
  @Get('export')
  @RequiresScope('orders:read')
  @Endpoint({
    summary: 'Every order GET /orders would list with these filters, as a CSV attachment (streamed, no paging)',
    response: OrderJson,
    description: exportDescription('GET /orders'),
    shape: 'csv',
    csvHeaders: orderCsvLayout('UTC').headers,
    errors: ['VALIDATION_FAILED'],
  })
  async export(@CurrentBusiness() biz: BusinessContext, @Query() query: ExportOrdersQuery, @Res() res: Response): Promise<void> {
    await writeCsv(res, this.reader.export(biz, query));
  }

  @Get(':id')
  @RequiresScope('orders:read')
  @Endpoint({ summary: 'Get an order', response: OrderJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }

  /** A completed order cancelled in one transaction; 200 with the order. 409 unless completed. Honours Idempotency-Key. */
  @Post(':id/cancel')
  @HttpCode(200)
  @RequiresScope('orders:write')
  @Endpoint({
    idempotent: true,
    summary: 'Cancel a completed order: restock, reverse points, cancel its invoice, book a refund, emit sale.cancelled',
    response: OrderJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'STOCK_LIMIT'],
  })
  cancel(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: CancelOrderDto) {
    return this.cancellation.cancel(biz, id, dto);
  }
}
