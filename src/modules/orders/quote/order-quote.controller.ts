import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../../common/auth/business-context';
import { RequiresScope } from '../../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../../common/openapi/endpoint.decorator';
import { CreateOrderDto } from '../dto/create-order.dto';
import { OrderQuoteService } from './order-quote.service';
import { QuoteJson } from './quote.mapper';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class OrderQuoteController {
  constructor(private readonly quotes: OrderQuoteService) {}

  /** What POST /orders would make of this body, computed by the order's own code; writes nothing. */
  @Post('quote')
  @HttpCode(200)
  @RequiresScope('sales')
  @Endpoint({
    summary: 'Quote an order: what POST /orders would make of this body (lines, totals, points, stock available), writing nothing',
    description:
      'The body of POST /orders. The answer is the order it would place, without ids, number, status or time, and with each ' +
      "line's `available` (the warehouse's stock). Short stock is not refused here; unknown or inactive products, an unknown " +
      'warehouse, bad fields and a negative total are, as by POST /orders. No customer is created: `customer_id` is the ' +
      'existing customer the order would match, else null (the points are those the order would earn).',
    response: QuoteJson,
    body: true,
    writesNothing: true,
    errors: ['UNKNOWN_PRODUCT', 'INACTIVE_PRODUCT', 'UNKNOWN_WAREHOUSE', 'NEGATIVE_TOTAL'],
  })
  quote(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateOrderDto) {
    return this.quotes.quote(biz, dto);
  }
}
