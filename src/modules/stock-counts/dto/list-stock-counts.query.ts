import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsUuid } from '../../../common/validation/decorators';

/** GET /stock/counts: warehouse, and `from`/`to` on the posting date in the business time zone. */
export class ListStockCountsQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUuid()
  warehouse_id?: string;
}
