import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsUuid } from '../../../common/validation/decorators';

/** GET /credit-notes: the invoice credited, `from`/`to` inclusive dates in the business time zone. */
export class ListCreditNotesQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUuid()
  invoice_id?: string;
}
