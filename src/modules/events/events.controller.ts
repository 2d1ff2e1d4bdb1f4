import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { ListEventsQuery } from './dto/list-events.query';
import { EventsService } from './events.service';

@ApiTags('events')
@ApiBearerAuth()
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** Oldest first, up to `limit` (1..100, default 100), the last 30 days; page on with `after=<last id>`. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListEventsQuery) {
    return this.events.list(biz, query);
  }
}
