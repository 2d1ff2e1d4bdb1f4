import { ApiProperty } from '@nestjs/swagger';
import { Actor } from '../auth/business-context';

/** Who made a document (docs/api.md 20): the member, the key, or the service itself. */
export class CreatedByJson {
  @ApiProperty({ enum: ['staff', 'key', 'system'] }) type: 'staff' | 'key' | 'system';
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "the member's or the key's id; null for the system" }) id: string | null;
  @ApiProperty({ example: 'Till 1', description: "the member's or the key's name when it was made" }) name: string;
}

/** The stored columns of `created_by` (sales, returns, credit notes), as read in snake_case. */
export interface CreatedByColumns {
  created_by_type: string | null;
  created_by_id: string | null;
  created_by_name: string | null;
}

/** `created_by` of a row: null for rows made before attribution was stored. */
export function toCreatedByJson(row: CreatedByColumns): CreatedByJson | null {
  if (row.created_by_type === null || row.created_by_name === null) return null;
  return { type: row.created_by_type as CreatedByJson['type'], id: row.created_by_id, name: row.created_by_name };
}

/** The columns of an actor, for a row it makes. */
export function createdByColumnsOf(actor: Actor): CreatedByColumns {
  return { created_by_type: actor.type, created_by_id: actor.id, created_by_name: actor.name };
}

/** `created_by` of an entity with the three columns (Return, CreditNote). */
export function createdByOfEntity(e: { createdByType: string | null; createdById: string | null; createdByName: string | null }): CreatedByJson | null {
  return toCreatedByJson({ created_by_type: e.createdByType, created_by_id: e.createdById, created_by_name: e.createdByName });
}
