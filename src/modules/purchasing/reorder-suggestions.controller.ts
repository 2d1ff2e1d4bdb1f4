import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { PaginationQueryDto } from '../../common/pagination/pagination';
import { ReorderSuggestionJson } from './reorder-suggestion.mapper';
import { ReorderSuggestionsReader } from './reorder-suggestions.reader';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('stock')
@ApiBearerAuth()
@Controller('stock/reorder-suggestions')
export class ReorderSuggestionsController {
  constructor(private readonly reader: ReorderSuggestionsReader) {}

  @Get()
  @RequiresScope('inventory')
  @Endpoint({
    summary: 'Active products whose stock plus what open purchase orders bring is below min_stock, with how much to order; by name',
    response: ReorderSuggestionJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: PaginationQueryDto) {
    return this.reader.list(biz, query);
  }
}
