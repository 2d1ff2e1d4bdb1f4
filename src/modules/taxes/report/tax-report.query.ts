import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsIsoDate, IsOneOf } from '../../../common/validation/decorators';

export const TAX_REPORT_FORMATS = ['json', 'csv'] as const;

/** GET /reports/tax: inclusive local dates (absent: unbounded) and `format=csv`. */
export class TaxReportQuery {
  @IsOptional()
  @IsIsoDate()
  from?: string;

  @IsOptional()
  @IsIsoDate()
  to?: string;

  @IsOptional()
  @IsOneOf(TAX_REPORT_FORMATS)
  @ApiPropertyOptional({ enum: TAX_REPORT_FORMATS, description: '`csv`: the rows as a `text/csv` attachment, columns named as the fields' })
  format?: (typeof TAX_REPORT_FORMATS)[number];
}
