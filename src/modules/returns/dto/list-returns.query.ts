import { DateRangeQueryDto } from '../../../common/pagination/date-range';

/** GET /returns and GET /orders/:id/returns: `from` and `to` are inclusive dates in the business time zone. */
export class ListReturnsQuery extends DateRangeQueryDto {}
