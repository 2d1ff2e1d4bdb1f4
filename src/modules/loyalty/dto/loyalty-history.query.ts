import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsUuid, QueryInt } from '../../../common/validation/decorators';

export const MAX_HISTORY_PAGE = 1000;
/** The page size when only `before` is given. */
export const DEFAULT_HISTORY_PAGE = 100;

/** Optional paging of GET /loyalty/:customer_id/history (docs/api.md 6); without it, the whole history. */
export class LoyaltyHistoryQuery {
  @QueryInt(1, MAX_HISTORY_PAGE)
  limit?: number;

  /** A transaction id of this customer: the transactions older than it. */
  @IsOptional()
  @IsUuid({ message: 'before must be the id of a loyalty transaction' })
  @ApiPropertyOptional({ format: 'uuid', description: 'a transaction id of this customer: only older transactions' })
  before?: string;
}
