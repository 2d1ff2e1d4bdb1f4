import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../../common/auth/business-context';
import { RequiresScope } from '../../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../../common/validation/uuid-param';
import { CreateReturnDto } from '../dto/create-return.dto';
import { ReturnQuoteJson } from './return-quote.mapper';
import { ReturnQuoteService } from './return-quote.service';

@ApiTags('returns')
@ApiBearerAuth()
@Controller()
export class ReturnQuoteController {
  constructor(private readonly quotes: ReturnQuoteService) {}

  /** What POST /orders/:id/returns would make of this body, before it is confirmed; writes nothing. */
  @Post('orders/:id/returns/quote')
  @HttpCode(200)
  @RequiresScope('orders:write')
  @Endpoint({
    summary: 'Quote a return: the refund, its tax and how it is refunded that POST /orders/:id/returns would make of this body, writing nothing',
    description:
      'The body of POST /orders/:id/returns. The answer is the return it would make, without its id, number, credit note or time, ' +
      "with the order's payment method it is refunded by; refused as the return would be.",
    response: ReturnQuoteJson,
    body: true,
    writesNothing: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'RETURN_EXCEEDS_SOLD', 'UNKNOWN_SALE_ITEM', 'UNKNOWN_WAREHOUSE'],
  })
  quote(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: CreateReturnDto) {
    return this.quotes.quote(biz, id, dto);
  }
}
