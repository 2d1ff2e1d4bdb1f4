import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOptional } from 'class-validator';
import { IsOneOf } from '../../../common/validation/decorators';
import { TRANSFER_STATUSES, TransferStatus } from '../transfer-status';

/** GET /stock/transfers: status, and `from`/`to` on the creation date in the business time zone. */
export class ListTransfersQuery extends DateRangeQueryDto {
  @IsOptional()
  @IsOneOf(TRANSFER_STATUSES)
  status?: TransferStatus;
}
