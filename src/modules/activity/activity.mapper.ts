import { ApiProperty } from '@nestjs/swagger';
import { ActivityChanges } from '../../common/activity/activity-record';
import { CsvLayout, csvLayoutOf } from '../../common/csv/csv-columns';
import { ACTOR_TYPES } from './dto/list-activity.query';
import { ActivityEntry } from './entities/activity-entry.entity';

export class ActivityActorJson {
  @ApiProperty({ enum: ACTOR_TYPES }) type: 'staff' | 'key' | 'system';
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "the member's or the key's id; null for the system" }) id: string | null;
  @ApiProperty({ example: 'Till 1' }) name: string;
}

export class ActivityResourceJson {
  @ApiProperty({ example: 'product' }) type: string;
  @ApiProperty({ type: String, nullable: true }) id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Espresso beans 1kg', description: 'what a person recognises: a number (S-0042), a name' })
  label: string | null;
}

/** One entry of the activity log (docs/api.md 20). */
export class ActivityEntryJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) occurred_at: string;
  @ApiProperty({ type: ActivityActorJson }) actor: ActivityActorJson;
  @ApiProperty({ example: 'products.update' }) action: string;
  @ApiProperty({ type: ActivityResourceJson }) resource: ActivityResourceJson;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: { type: 'array', items: {}, minItems: 2, maxItems: 2 },
    example: { price: [12.5, 13] },
    description: '`{field: [before, after]}` for every field an update changed (never a secret); null otherwise',
  })
  changes: ActivityChanges | null;
  @ApiProperty({ type: String, nullable: true, description: 'the X-Request-Id of the request' }) request_id: string | null;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: String, nullable: true }) user_agent: string | null;
}

export function toActivityEntryJson(e: ActivityEntry): ActivityEntryJson {
  return {
    id: e.id,
    occurred_at: e.occurredAt.toISOString(),
    actor: { type: e.actorType, id: e.actorId, name: e.actorName },
    action: e.action,
    resource: { type: e.resourceType, id: e.resourceId, label: e.resourceLabel },
    changes: e.changes,
    request_id: e.requestId,
    ip: e.ip,
    user_agent: e.userAgent,
  };
}

/** One change of an entry as the CSV writes it: a record of its own (activityCsvLayout). */
class ActivityChangeCsv {
  @ApiProperty() field: string;
  @ApiProperty() before: string;
  @ApiProperty() after: string;
}

/**
 * The columns of GET /activity?format=csv (docs/api.md, "CSV exports"): the entry's fields
 * (csvLayoutOf), `occurred_at_local` in the business zone, and a record per changed field
 * (`change_field`, `change_before`, `change_after`; one record with them empty when nothing changed).
 */
export function activityCsvLayout(timezone: string): CsvLayout<ActivityEntryJson> {
  return csvLayoutOf(ActivityEntryJson, {
    timezone,
    local: ['occurred_at'],
    lines: {
      field: 'changes',
      prefix: 'change_',
      model: ActivityChangeCsv,
      of: (entry) => Object.entries(entry.changes ?? {}).map(([field, [before, after]]) => ({ field, before, after })),
    },
  });
}
