import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { EventEnvelope } from './event-envelope';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { ListEventsQuery } from './dto/list-events.query';
import { EventsService } from './events.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('events')
@ApiBearerAuth()
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /**
   * Oldest first (or newest first with `order=desc`), up to `limit` (1..100, default 100), the last
   * 30 days; page on with `after=<last id>`, which continues in the list's order.
   */
  @Get()
  @RequiresScope('webhooks')
  @Endpoint({
    summary:
      'The events feed: oldest first (order=desc: newest first), up to limit (default 100), the last 30 days; continue with after=<last id> (with desc: the older events)',
    response: EventEnvelope,
    shape: 'array',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListEventsQuery) {
    return this.events.list(biz, query);
  }
}
