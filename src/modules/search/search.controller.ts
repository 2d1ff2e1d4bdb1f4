import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { SearchQuery } from './dto/search.query';
import { SEARCH_ROUTE_SCOPES } from './search-kinds';
import { SearchResultJson } from './search.mapper';
import { SearchService } from './search.service';

@ApiTags('search')
@ApiBearerAuth()
@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  @RequiresScope(...SEARCH_ROUTE_SCOPES)
  @Endpoint({
    summary: 'Find orders, products, customers, invoices and suppliers by what a cashier types or scans',
    description:
      'At most 5 of each kind the caller may read (orders: orders:read; products: products:read or sales; customers: customers or sales; invoices: invoices; suppliers: purchasing), kinds in that order. Within a kind: orders and invoices newest first; products, customers and suppliers exact matches first, then those starting with the query, then the rest, by name (products: active before inactive).',
    response: SearchResultJson,
    shape: 'array',
    errors: ['VALIDATION_FAILED'],
  })
  search(@CurrentBusiness() biz: BusinessContext, @Query() query: SearchQuery) {
    return this.searchService.search(biz, query.q);
  }
}
