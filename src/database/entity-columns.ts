import { getMetadataArgsStorage } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/** A column of an entity: its property and its name in the schema. */
export interface EntityColumn {
  property: string;
  column: string;
}

/** An entity class. */
export type EntityClass = new (...args: never[]) => object;

const naming = new SnakeNamingStrategy();

/**
 * Every column `entity` declares (inherited ones included), in declaration order, named as the data
 * source's naming strategy names them: read from the decorators' metadata, so a hand-written
 * statement that mirrors the entity needs no list of its own and cannot miss a column added to it.
 * Embedded entities are refused: their columns carry prefixes this does not spell.
 */
export function entityColumns(entity: EntityClass): EntityColumn[] {
  const storage = getMetadataArgsStorage();
  if (storage.filterEmbeddeds(entity).length > 0) throw new Error(`${entity.name} has embedded columns: entityColumns does not name them`);
  const columns = storage.filterColumns(entity).map((c) => ({ property: c.propertyName, column: naming.columnName(c.propertyName, c.options.name, []) }));
  if (columns.length === 0) throw new Error(`${entity.name} declares no column: is it an entity, and loaded?`);
  return columns;
}

/** `alias.column AS "property"` for every column of `entity`: a row of the same shape as the entity. */
export function selectEntityColumns(entity: EntityClass, alias: string): string {
  return entityColumns(entity)
    .map(({ property, column }) => (property === column ? `${alias}.${column}` : `${alias}.${column} AS "${property}"`))
    .join(', ');
}
