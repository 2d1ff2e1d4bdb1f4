import { EntityMetadata, FindOptionsSelect, FindOptionsWhere, In, ObjectLiteral, Repository } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { DomainError } from '../common/errors/domain-error';
import { ErrorCode } from '../common/errors/error-codes';
import { dec } from '../common/money/money';

/** A row of a business table, addressed by its own id. */
export interface BusinessRow extends ObjectLiteral {
  id: string;
  businessId: string;
}

function byBusiness<E extends BusinessRow>(businessId: string, id: string): FindOptionsWhere<E> {
  return { businessId, id } as FindOptionsWhere<E>;
}

/**
 * A request's references to rows of the business (products of an order, warehouses of a transfer):
 * unless every id is one of the business's rows, 422 `code` with one detail `{[key]: id}` per id that
 * is not (another business's id is refused like a missing one).
 */
export async function checkReferences<E extends BusinessRow>(
  repo: Repository<E>,
  businessId: string,
  ids: string[],
  code: ErrorCode,
  key: string,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await repo.find({ select: { id: true } as FindOptionsSelect<E>, where: { businessId, id: In(wanted) } as FindOptionsWhere<E> });
  const missing = wanted.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0)
    throw new DomainError(
      code,
      undefined,
      missing.map((id) => ({ [key]: id })),
    );
}

/**
 * The row `id` if it belongs to the business, else 404 NOT_FOUND naming `what`: another business's
 * row is answered like a missing one (docs/api.md 3).
 */
export async function findInBusiness<E extends BusinessRow>(repo: Repository<E>, businessId: string, id: string, what: string): Promise<E> {
  const row = await repo.findOneBy(byBusiness<E>(businessId, id));
  if (!row) throw DomainError.notFound(what);
  return row;
}

/**
 * A partial update of one row of the business: only the given columns change (`updated_at` too, when
 * the entity has it), then the row as stored. 404 NOT_FOUND naming `what` when there is no such row.
 * Build `changes` with `presentFields` so an absent DTO field leaves its column alone.
 */
export async function updateInBusiness<E extends BusinessRow>(
  repo: Repository<E>,
  businessId: string,
  id: string,
  changes: QueryDeepPartialEntity<E>,
  what: string,
): Promise<E> {
  const stamped = repo.metadata.findColumnWithPropertyName('updatedAt') ? { ...changes, updatedAt: () => 'now()' } : changes;
  const result = await repo.update(byBusiness<E>(businessId, id), stamped);
  if (result.affected === 0) throw DomainError.notFound(what);
  return findInBusiness(repo, businessId, id, what);
}

/** How presentFields names the entity property of each DTO field (see there). */
export type FieldProperties<D, E> = { [K in keyof D]?: keyof E } | EntityMetadata;

/**
 * The fields of a create or partial-update DTO that were sent (null included, undefined left out),
 * as entity properties, so that an absent field leaves its column alone. Properties are named either
 * explicitly, `presentFields(dto, { cost_price: 'costPrice' })`, or by the schema itself,
 * `presentFields(dto, repo.metadata)`: each field is then the snake_case name of a column (as the
 * API spells it) and becomes that column's property, and a number for a numeric column becomes an
 * exact decimal string at the column's scale. There the DTO is the list of writable columns: a field
 * that names no column is a programming error and throws.
 */
export function presentFields<D extends object, E>(dto: D, properties: FieldProperties<D, E>): QueryDeepPartialEntity<E> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(dto)) {
    if (value === undefined) continue;
    if (properties instanceof EntityMetadata) {
      const column = columnNamed(properties, field);
      changes[column.propertyName] = valueFor(column, value);
    } else {
      const property = properties[field as keyof D];
      if (property !== undefined) changes[property as string] = value;
    }
  }
  return changes as QueryDeepPartialEntity<E>;
}

function columnNamed(metadata: EntityMetadata, field: string): ColumnMetadata {
  const column = metadata.columns.find((c) => c.databaseName === field);
  if (!column) throw new Error(`${metadata.name} has no column ${field}`);
  return column;
}

const DECIMAL_TYPES = new Set<unknown>(['numeric', 'decimal', Number]);

/** Numbers of numeric columns as exact decimal strings, rounded half up to the column's scale. */
function valueFor(column: ColumnMetadata, value: unknown): unknown {
  if (value === null || typeof value !== 'number' || !DECIMAL_TYPES.has(column.type)) return value;
  return column.scale === undefined ? dec(value).toFixed() : dec(value).toFixed(column.scale);
}
