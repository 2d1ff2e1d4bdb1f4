import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { CsvExport } from '../../common/csv/csv-response';
import { EXPORT_PAGE_ROWS, exportFilename, keysetPages } from '../../common/csv/csv-export';
import { DomainError } from '../../common/errors/domain-error';
import { CursorPaged } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { activityCsvLayout, ActivityEntryJson, toActivityEntryJson } from './activity.mapper';
import { ActivityFilters, ActivityPageQuery, DEFAULT_ACTIVITY_PAGE } from './dto/list-activity.query';
import { ActivityEntry } from './entities/activity-entry.entity';

/**
 * The activity log's reads (docs/api.md 20): newest first, (occurred_at, id) descending, each page
 * after an entry's id (keyset: an index range however deep, on the index of the filter given: the
 * business's, a resource's or an actor's). Nothing here writes; no API changes or deletes an entry.
 */
@Injectable()
export class ActivityReader {
  constructor(@InjectRepository(ActivityEntry) private readonly entries: Repository<ActivityEntry>) {}

  async list(biz: BusinessContext, filters: ActivityFilters, page: ActivityPageQuery): Promise<CursorPaged<ActivityEntryJson>> {
    const limit = page.limit ?? DEFAULT_ACTIVITY_PAGE;
    if (page.after) await this.assertEntry(biz, page.after);
    const rows = await this.query(biz, filters, page.after ?? null).first(limit + 1);
    const items = rows.slice(0, limit).map(toActivityEntryJson);
    return new CursorPaged(items, rows.length > limit ? items[items.length - 1].id : null);
  }

  /** Every matching entry, newest first, a page of rows at a time (GET /activity?format=csv). */
  export(biz: BusinessContext, filters: ActivityFilters): CsvExport<ActivityEntryJson> {
    const read = async (after: string | null) => (await this.query(biz, filters, after).first(EXPORT_PAGE_ROWS)).map(toActivityEntryJson);
    return {
      filename: exportFilename('activity', biz.timezone),
      layout: activityCsvLayout(biz.timezone),
      pages: keysetPages(read, (row) => row.id),
    };
  }

  private query(biz: BusinessContext, f: ActivityFilters, after: string | null): BusinessQuery<ActivityEntry> {
    const q = BusinessQuery.of(this.entries, 'a', biz.id)
      .equals('a.actorId', f.actor_id)
      .equals('a.actorType', f.actor_type)
      .equals('a.resourceType', f.resource_type)
      .equals('a.resourceId', f.resource_id)
      .withinLocalDates('a.occurredAt', f, biz.timezone);
    if (f.action?.endsWith('.')) q.where(`${escapeLike(f.action)}%`, (p) => `a.action LIKE ${p}`);
    else q.equals('a.action', f.action);
    return q.afterRowDesc(after, 'activity_entries', ['occurred_at', 'id']).orderBy({ 'a.occurredAt': 'DESC', 'a.id': 'DESC' });
  }

  /** `after` is an entry of this business (400 otherwise: another business's entry is not a cursor here). */
  private async assertEntry(biz: BusinessContext, id: string): Promise<void> {
    const found = await this.entries.exists({ where: { businessId: biz.id, id } });
    if (!found) throw DomainError.validation('after', 'after must be the id of an entry of this business');
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
