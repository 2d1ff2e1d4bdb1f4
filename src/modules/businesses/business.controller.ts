import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { AnyScope, RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { BusinessProfileJson } from './business-profile.mapper';
import { BusinessProfileService } from './business-profile.service';
import { CallingKeyJson, callingKeyJson } from './calling-key.json';
import { UpdateBusinessDto } from './dto/update-business.dto';

export class BusinessJson extends BusinessProfileJson {
  @ApiProperty({ type: CallingKeyJson, description: "the API key of this request, or a signed-in member's id, name and role's scopes" }) key: CallingKeyJson;
}

@ApiTags('business')
@ApiBearerAuth()
@Controller('business')
export class BusinessController {
  constructor(private readonly profiles: BusinessProfileService) {}

  @Get()
  @AnyScope()
  @Endpoint({ summary: 'The business the API key belongs to', response: BusinessJson })
  async current(@CurrentBusiness() biz: BusinessContext): Promise<BusinessJson> {
    return { ...(await this.profiles.read(biz)), key: callingKeyJson(biz) };
  }

  /** Partial: name and letterhead; currency and timezone cannot change (400). */
  @Put()
  @RequiresScope('admin')
  @Endpoint({ summary: "Update the business's name and its invoices' letterhead (partial)", response: BusinessJson, body: true, errors: ['UNKNOWN_TAX_RATE'] })
  async update(@CurrentBusiness() biz: BusinessContext, @Body() dto: UpdateBusinessDto): Promise<BusinessJson> {
    return { ...(await this.profiles.update(biz, dto)), key: callingKeyJson(biz) };
  }
}
