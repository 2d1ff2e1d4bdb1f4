import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { AnyScope, RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateTaxRateDto } from './dto/create-tax-rate.dto';
import { ListTaxRatesQuery } from './dto/list-tax-rates.query';
import { UpdateTaxRateDto } from './dto/update-tax-rate.dto';
import { TaxRateJson } from './tax-rates.mapper';
import { TaxRatesService } from './tax-rates.service';

@ApiTags('tax-rates')
@ApiBearerAuth()
@Controller('tax-rates')
export class TaxRatesController {
  constructor(private readonly rates: TaxRatesService) {}

  @Get()
  @AnyScope()
  @Endpoint({
    summary: 'List tax rates by name (active ones; include_archived=true for all)',
    response: TaxRateJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListTaxRatesQuery) {
    return this.rates.list(biz, query);
  }

  @Get(':id')
  @AnyScope()
  @Endpoint({ summary: 'Get a tax rate (archived ones too)', response: TaxRateJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.rates.get(biz, id);
  }

  @Post()
  @RequiresScope('finance')
  @Endpoint({ idempotent: true, summary: 'Create a tax rate', status: 201, response: TaxRateJson, body: true })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateTaxRateDto) {
    return this.rates.create(biz, dto);
  }

  @Put(':id')
  @RequiresScope('finance')
  @Endpoint({
    summary: 'Update a tax rate (sent fields only; orders taken before keep what they were sold at)',
    response: TaxRateJson,
    body: true,
    errors: ['NOT_FOUND'],
  })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateTaxRateDto) {
    return this.rates.update(biz, id, dto);
  }

  /** 204 when no order used the rate; else it is archived: 200 with the rate, `archived_at` set. */
  @Delete(':id')
  @RequiresScope('finance')
  @Endpoint({ summary: 'Delete a tax rate, or archive it (200) when an order used it', response: TaxRateJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  @ApiResponse({ status: 204, description: 'Deleted: no order used it' })
  async remove(
    @CurrentBusiness() biz: BusinessContext,
    @UuidParam('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TaxRateJson | undefined> {
    const outcome = await this.rates.remove(biz, id);
    if (outcome.removed) {
      res.status(204);
      return undefined;
    }
    return outcome.rate;
  }
}
