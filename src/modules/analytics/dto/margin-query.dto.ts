import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsOneOf } from '../../../common/validation/decorators';
import type { MarginSort } from '../persistence/analytics-reports.sql';
import { AnalyticsQueryDto } from './analytics-query.dto';

export const MARGIN_SORTS: readonly MarginSort[] = ['revenue', 'margin', 'margin_percent', 'quantity'];
export const REPORT_FORMATS = ['json', 'csv'] as const;

/** GET /reports/margin (docs/api.md 13). */
export class MarginQueryDto extends AnalyticsQueryDto {
  @IsOptional()
  @IsOneOf(MARGIN_SORTS)
  @ApiPropertyOptional({ enum: MARGIN_SORTS, description: 'the products key, descending, nulls last, before the top 50 is taken (default revenue)' })
  sort?: MarginSort;

  @IsOptional()
  @IsOneOf(REPORT_FORMATS)
  @ApiPropertyOptional({ enum: REPORT_FORMATS, description: '`csv`: the product rows as a `text/csv` attachment, columns named as their JSON fields' })
  format?: (typeof REPORT_FORMATS)[number];
}
