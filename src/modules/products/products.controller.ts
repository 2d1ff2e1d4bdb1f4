import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { writeCsv } from '../../common/csv/csv-response';
import { exportDescription } from '../../common/csv/csv-export';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { PRODUCT_CSV_HEADERS, ProductJson } from './products.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateProductDto } from './dto/create-product.dto';
import { ExportProductsQuery, ListProductsQuery } from './dto/list-products.query';
import { UpdateProductDto } from './dto/update-product.dto';
import { ProductsService } from './products.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('products')
@ApiBearerAuth()
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @RequiresScope('products:read', 'sales')
  @Endpoint({ summary: 'List products, by name; active ones unless is_active=false', response: ProductJson, shape: 'paged', errors: ['VALIDATION_FAILED'] })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListProductsQuery) {
    return this.products.list(biz, query);
  }

  /** GET /products as CSV: the same filters, every matching product with its stock per warehouse, streamed (docs/api.md, "CSV exports"). */
  @Get('export')
  @RequiresScope('products:read')
  @Endpoint({
    summary: 'Every product GET /products would list with these filters, with a stock column per warehouse, as a CSV attachment (streamed, no paging)',
    response: ProductJson,
    description: exportDescription(
      'GET /products',
      'The stock per warehouse is one column per warehouse of the business, stock_by_warehouse[<warehouse name>] ([<name> (<id>)] when two share a name), in the order of stock_by_warehouse; stock is the total.',
    ),
    shape: 'csv',
    csvHeaders: PRODUCT_CSV_HEADERS,
    errors: ['VALIDATION_FAILED'],
  })
  async export(@CurrentBusiness() biz: BusinessContext, @Query() query: ExportProductsQuery, @Res() res: Response): Promise<void> {
    await writeCsv(res, await this.products.export(biz, query));
  }

  @Get(':id')
  @RequiresScope('products:read', 'sales')
  @Endpoint({ summary: 'Get a product with its stock per warehouse', response: ProductJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.products.get(biz, id);
  }

  @Post()
  @RequiresScope('products:write')
  @Endpoint({
    idempotent: true,
    summary: 'Create a product (SKU generated when omitted)',
    status: 201,
    response: ProductJson,
    body: true,
    errors: ['SKU_TAKEN', 'UNKNOWN_CATEGORY', 'UNKNOWN_TAX_RATE'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateProductDto) {
    return this.products.create(biz, dto);
  }

  @Put(':id')
  @RequiresScope('products:write')
  @Endpoint({
    summary: 'Update a product (sent fields only)',
    response: ProductJson,
    body: true,
    errors: ['NOT_FOUND', 'SKU_TAKEN', 'UNKNOWN_CATEGORY', 'UNKNOWN_TAX_RATE'],
  })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateProductDto) {
    return this.products.update(biz, id, dto);
  }

  @Delete(':id')
  @RequiresScope('products:write')
  @Endpoint({ summary: 'Deactivate a product (is_active false); nothing is removed', response: ProductJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  deactivate(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.products.deactivate(biz, id);
  }
}
