import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CategoriesService } from './categories.service';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQuery } from './dto/list-categories.query';
import { UpdateCategoryDto } from './dto/update-category.dto';

@ApiTags('categories')
@ApiBearerAuth()
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** Sorted by name. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListCategoriesQuery) {
    return this.categories.list(biz, query);
  }

  @Get(':id')
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.categories.get(biz, id);
  }

  @Post()
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateCategoryDto) {
    return this.categories.create(biz, dto);
  }

  @Put(':id')
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateCategoryDto) {
    return this.categories.update(biz, id, dto);
  }

  /**
   * Removes the category and unassigns its products (their category becomes null) in one
   * transaction. 204 with no body, like DELETE /webhooks/:id: the category no longer exists to return.
   */
  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.categories.remove(biz, id);
  }
}
