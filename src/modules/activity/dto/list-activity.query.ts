import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { DateRange } from '../../../common/pagination/date-range';
import { IsIsoDate, IsOneOf, IsUuid, QueryInt } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

export const MAX_ACTIVITY_PAGE = 100;
export const DEFAULT_ACTIVITY_PAGE = 50;
export const ACTOR_TYPES = ['staff', 'key', 'system'] as const;
export const ACTIVITY_FORMATS = ['json', 'csv'] as const;

/** The page of a resource's history (GET /products/:id/activity, GET /orders/:id/activity): newest first, by cursor. */
export class ActivityPageQuery {
  @QueryInt(1, MAX_ACTIVITY_PAGE)
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_ACTIVITY_PAGE, description: `entries per page (default ${DEFAULT_ACTIVITY_PAGE})` })
  limit?: number;

  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid', description: "an entry's id (`meta.next` of the previous page): the entries older than it" })
  after?: string;
}

/** GET /activity: the filters of docs/api.md 20, `from`/`to` inclusive dates in the business time zone. */
export class ListActivityQuery extends ActivityPageQuery implements DateRange {
  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid', description: "the member's or the key's id" })
  actor_id?: string;

  @IsOptional()
  @IsOneOf(ACTOR_TYPES)
  actor_type?: (typeof ACTOR_TYPES)[number];

  @IsOptional()
  @IsString()
  @MaxChars(100)
  @ApiPropertyOptional({ example: 'products.', description: 'an action (`products.update`), or every action of a prefix ending with a dot (`products.`)' })
  action?: string;

  @IsOptional()
  @IsString()
  @MaxChars(50)
  @ApiPropertyOptional({ example: 'product' })
  resource_type?: string;

  @IsOptional()
  @IsString()
  @MaxChars(100)
  @ApiPropertyOptional({ description: "the resource's id" })
  resource_id?: string;

  @IsOptional()
  @IsIsoDate()
  from?: string;

  @IsOptional()
  @IsIsoDate()
  to?: string;

  @IsOptional()
  @IsOneOf(ACTIVITY_FORMATS)
  @ApiPropertyOptional({
    description:
      '`csv`: every matching entry (no paging: `limit` and `after` are 400 with it) as a `text/csv` attachment, as the CSV exports of docs/api.md ("CSV exports"); `json` (the default): a page',
  })
  format?: (typeof ACTIVITY_FORMATS)[number];
}

export type ActivityFilters = Omit<ListActivityQuery, 'limit' | 'after' | 'format'>;
