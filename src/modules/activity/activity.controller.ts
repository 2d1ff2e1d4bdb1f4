import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { activityCsvLayout, ActivityEntryJson } from './activity.mapper';
import { ActivityService } from './activity.service';
import { ActivityPageQuery, ListActivityQuery } from './dto/list-activity.query';

const PAGE = 'Newest first, `limit` per page (1..100, default 50); the next page with `after` = `meta.next` (null on the last page).';

@ApiTags('activity')
@ApiBearerAuth()
@Controller()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  /** The activity log (docs/api.md 20); `format=csv`: every matching entry as a CSV attachment. */
  @Get('activity')
  @RequiresScope('admin')
  @Endpoint({
    summary: 'The activity log: who did what, when, from where',
    description:
      `${PAGE} Filters: actor_id, actor_type, action (exact, or a prefix ending with a dot: \`products.\`), resource_type, resource_id, ` +
      'from and to (inclusive dates in the business time zone). With `format=csv`: every matching entry, newest first, as a ' +
      '`text/csv` attachment (`activity-<date>.csv`, streamed; `limit` and `after` are then 400), columns and values as the CSV ' +
      'exports of docs/api.md ("CSV exports"): `actor.type`, `resource.label`, ..., `occurred_at_local`, and a row per changed field (`change_field`, `change_before`, `change_after`).',
    response: ActivityEntryJson,
    shape: 'cursor',
    csvHeaders: activityCsvLayout('UTC').headers,
    errors: ['VALIDATION_FAILED'],
  })
  async list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListActivityQuery, @Res() res: Response): Promise<void> {
    await this.activity.answer(biz, query, res);
  }

  @Get('products/:id/activity')
  @RequiresScope('products:read')
  @Endpoint({
    summary: "A product's history: the activity entries whose resource is the product",
    description: PAGE,
    response: ActivityEntryJson,
    shape: 'cursor',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  product(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Query() query: ActivityPageQuery) {
    return this.activity.productHistory(biz, id, query);
  }

  @Get('orders/:id/activity')
  @RequiresScope('orders:read')
  @Endpoint({
    summary: "An order's history: the activity entries whose resource is the order",
    description: PAGE,
    response: ActivityEntryJson,
    shape: 'cursor',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  order(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Query() query: ActivityPageQuery) {
    return this.activity.orderHistory(biz, id, query);
  }
}
