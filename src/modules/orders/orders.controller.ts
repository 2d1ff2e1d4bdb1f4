import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Idempotent } from '../../common/idempotency/idempotent.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateOrderDto } from './dto/create-order.dto';
import { ListOrdersQuery } from './dto/list-orders.query';
import { CancelOrderDto } from './order-cancellation.dto';
import { OrderCancellationService } from './order-cancellation.service';
import { OrdersReader } from './orders.reader';
import { OrdersService } from './orders.service';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly reader: OrdersReader,
    private readonly cancellation: OrderCancellationService,
  ) {}

  /** One call, the whole sale (SPEC.md 1): customer, stock, loyalty, invoice, finance, sale.completed. */
  @Post()
  @HttpCode(201)
  @Idempotent()
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateOrderDto) {
    return this.orders.create(biz, dto);
  }

  /** Newest first; `from` and `to` are inclusive dates in the business time zone. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListOrdersQuery) {
    return this.reader.list(biz, query);
  }

  @Get(':id')
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }

  /** CONTRACT.md 5: a completed order cancelled in one transaction; 200 with the order. 409 unless completed. Honours Idempotency-Key. */
  @Post(':id/cancel')
  @HttpCode(200)
  @Idempotent()
  cancel(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: CancelOrderDto) {
    return this.cancellation.cancel(biz, id, dto);
  }
}
