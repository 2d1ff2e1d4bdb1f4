import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';

/** GET /stock/counts: warehouse, and `from`/`to` on the posting date in the business time zone. */
export class ListStockCountsQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID(undefined, { message: 'warehouse_id must be a UUID' })
  warehouse_id?: string;
}
