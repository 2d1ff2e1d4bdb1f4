import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';

@ApiTags('business')
@ApiBearerAuth()
@Controller('business')
export class BusinessController {
  /** The business the API key belongs to: id, name, currency and time zone. */
  @Get()
  current(@CurrentBusiness() biz: BusinessContext) {
    return { id: biz.id, name: biz.name, currency: biz.currency, timezone: biz.timezone };
  }
}
