import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { Paged, PaginationQueryDto, pageRequest } from '../../common/pagination/pagination';
import { runStatement } from '../../database/run-statement';
import { reorderSuggestions, ReorderSuggestionRow } from './persistence/reorder-suggestions.sql';
import { ReorderSuggestionJson, toReorderSuggestionJson } from './reorder-suggestion.mapper';

/**
 * GET /stock/reorder-suggestions: one statement (four aggregates of as many tables, and the latest
 * receipt line per short product), paged in SQL.
 */
@Injectable()
export class ReorderSuggestionsReader {
  constructor(private readonly dataSource: DataSource) {}

  async list(biz: BusinessContext, query: PaginationQueryDto): Promise<Paged<ReorderSuggestionJson>> {
    const page = pageRequest(query);
    const rows = await runStatement(this.dataSource, reorderSuggestions, [biz.id, page.limit, page.offset]);
    const suggestions = rows.filter((r): r is typeof r & ReorderSuggestionRow => r.product_id !== null);
    return new Paged(suggestions.map(toReorderSuggestionJson), rows[0]?.total ?? 0, page);
  }
}
