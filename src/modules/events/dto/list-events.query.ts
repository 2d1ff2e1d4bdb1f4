import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { EVENT_NAMES, EventName } from '../../../common/events/domain-event';
import { IsOneOf, IsUuid, QueryInt } from '../../../common/validation/decorators';

export const MAX_EVENTS_PAGE = 100;

export const FEED_ORDERS = ['asc', 'desc'] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];

export class ListEventsQuery {
  /** The id of the last event the caller has seen; the page continues after it in the list's order. */
  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'id of the last event already received: the page continues after it in the list order (with order=desc, the events older than it)',
  })
  after?: string;

  @IsOptional()
  @IsOneOf(EVENT_NAMES)
  type?: EventName;

  @QueryInt(1, MAX_EVENTS_PAGE)
  limit?: number;

  /** `asc` (default): oldest first, for catching up; `desc`: newest first, for showing the latest. */
  @IsOptional()
  @IsOneOf(FEED_ORDERS)
  @ApiPropertyOptional({ description: '`asc` (the default): oldest first; `desc`: newest first' })
  order?: FeedOrder;
}
