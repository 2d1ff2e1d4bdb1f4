import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { EVENT_NAMES, EventName } from '../../../common/events/domain-event';
import { IsOneOf, IsUuid, QueryInt } from '../../../common/validation/decorators';

export const MAX_EVENTS_PAGE = 100;

export class ListEventsQuery {
  /** The id of the last event the caller has seen; the page starts after it. */
  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid', description: 'id of the last event already received' })
  after?: string;

  @IsOptional()
  @IsOneOf(EVENT_NAMES)
  type?: EventName;

  @QueryInt(1, MAX_EVENTS_PAGE)
  limit?: number;
}
