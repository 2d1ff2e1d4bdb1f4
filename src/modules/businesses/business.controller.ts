import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';

export class BusinessJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Corner Coffee' }) name: string;
  @ApiProperty({ example: 'EUR', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ example: 'Europe/Berlin', description: 'IANA time zone: the business day of analytics, finance and invoices' }) timezone: string;
}

@ApiTags('business')
@ApiBearerAuth()
@Controller('business')
export class BusinessController {
  @Get()
  @Endpoint({ summary: 'The business the API key belongs to', response: BusinessJson })
  current(@CurrentBusiness() biz: BusinessContext): BusinessJson {
    return { id: biz.id, name: biz.name, currency: biz.currency, timezone: biz.timezone };
  }
}
