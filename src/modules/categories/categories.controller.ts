import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { CategoryJson } from './categories.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CategoriesService } from './categories.service';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQuery } from './dto/list-categories.query';
import { UpdateCategoryDto } from './dto/update-category.dto';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('categories')
@ApiBearerAuth()
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @RequiresScope('products:read')
  @Endpoint({ summary: 'List categories, sorted by name', response: CategoryJson, shape: 'paged', errors: ['VALIDATION_FAILED'] })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListCategoriesQuery) {
    return this.categories.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('products:read')
  @Endpoint({ summary: 'Get a category', response: CategoryJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.categories.get(biz, id);
  }

  @Post()
  @RequiresScope('products:write')
  @Endpoint({ idempotent: true, summary: 'Create a category', status: 201, response: CategoryJson, body: true, errors: ['CATEGORY_EXISTS'] })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateCategoryDto) {
    return this.categories.create(biz, dto);
  }

  @Put(':id')
  @RequiresScope('products:write')
  @Endpoint({ summary: 'Update a category (sent fields only)', response: CategoryJson, body: true, errors: ['NOT_FOUND', 'CATEGORY_EXISTS'] })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateCategoryDto) {
    return this.categories.update(biz, id, dto);
  }

  /**
   * Removes the category and unassigns its products (their category becomes null) in one
   * transaction. 204 with no body, like DELETE /webhooks/:id: the category no longer exists to return.
   */
  @Delete(':id')
  @HttpCode(204)
  @RequiresScope('products:write')
  @Endpoint({ summary: 'Delete a category; its products become uncategorised', status: 204, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  remove(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.categories.remove(biz, id);
  }
}
