import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { IsOneOf } from '../../../common/validation/decorators';
import { ROW_OUTCOMES, RowOutcome } from '../entities/import-row.entity';

/** GET /imports/:id/rows: in row order, optionally of one outcome. */
export class ListImportRowsQuery extends PaginationQueryDto {
  @IsOptional()
  @IsOneOf(ROW_OUTCOMES)
  @ApiPropertyOptional({ enum: ROW_OUTCOMES })
  outcome?: RowOutcome;
}
