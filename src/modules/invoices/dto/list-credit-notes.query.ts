import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';

/** GET /credit-notes: the invoice credited, `from`/`to` inclusive dates in the business time zone. */
export class ListCreditNotesQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID(undefined, { message: 'invoice_id must be a UUID' })
  invoice_id?: string;
}
