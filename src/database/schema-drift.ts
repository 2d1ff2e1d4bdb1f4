import { DataSource } from 'typeorm';

/**
 * Columns the migrated schema has that TypeORM cannot declare (it has no such type), so no entity
 * names them: outbox_events.xact_id is xid8, the commit-order key of the events feed.
 */
const UNDECLARABLE_COLUMNS = [{ table: 'outbox_events', column: 'xact_id' }];

function isUndeclarableDrop(query: string): boolean {
  return UNDECLARABLE_COLUMNS.some(({ table, column }) => query.trim() === `ALTER TABLE "${table}" DROP COLUMN "${column}"`);
}

/**
 * The statements TypeORM would run to make the database match the entities, as
 * `migration:generate` would write them: empty when entities and migrations agree. Entities kept out
 * of synchronisation (`synchronize: false`, for their undeclarable column) are compared too, with
 * only that column's drop left out.
 */
export async function schemaDrift(ds: DataSource): Promise<string[]> {
  const skipped = ds.entityMetadatas.filter((m) => !m.synchronize);
  skipped.forEach((m) => (m.synchronize = true));
  try {
    const log = await ds.driver.createSchemaBuilder().log();
    return log.upQueries.map((q) => q.query).filter((q) => !isUndeclarableDrop(q));
  } finally {
    skipped.forEach((m) => (m.synchronize = false));
  }
}
