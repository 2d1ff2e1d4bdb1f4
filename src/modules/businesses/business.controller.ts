import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { AnyScope } from '../../common/auth/requires-scope.decorator';
import { CallingKeyJson, callingKeyJson } from './calling-key.json';

export class BusinessJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Corner Coffee' }) name: string;
  @ApiProperty({ example: 'EUR', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ example: 'Europe/Berlin', description: 'IANA time zone: the business day of analytics, finance and invoices' }) timezone: string;
  @ApiProperty({ type: CallingKeyJson, description: 'the API key of this request' }) key: CallingKeyJson;
}

@ApiTags('business')
@ApiBearerAuth()
@Controller('business')
export class BusinessController {
  @Get()
  @AnyScope()
  @Endpoint({ summary: 'The business the API key belongs to', response: BusinessJson })
  current(@CurrentBusiness() biz: BusinessContext): BusinessJson {
    return { id: biz.id, name: biz.name, currency: biz.currency, timezone: biz.timezone, key: callingKeyJson(biz) };
  }
}
