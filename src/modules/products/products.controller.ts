import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateProductDto } from './dto/create-product.dto';
import { ListProductsQuery } from './dto/list-products.query';
import { UpdateProductDto } from './dto/update-product.dto';
import { ProductsService } from './products.service';

@ApiTags('products')
@ApiBearerAuth()
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  /** Sorted by name; active products unless is_active=false. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListProductsQuery) {
    return this.products.list(biz, query);
  }

  @Get(':id')
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.products.get(biz, id);
  }

  @Post()
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateProductDto) {
    return this.products.create(biz, dto);
  }

  @Put(':id')
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateProductDto) {
    return this.products.update(biz, id, dto);
  }

  /** Deactivates (is_active false) and returns the product with 200; nothing is removed. */
  @Delete(':id')
  deactivate(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.products.deactivate(biz, id);
  }
}
