import { defineStatement } from '../../../database/statement';

/**
 * Readiness asks the database one cheap question: whether the newest migration this code ships ($1)
 * is recorded. It answers both "the database is up" and "the schema is this code's"
 * (schema_migrations holds a row per applied migration: a few dozen rows).
 */
export const readiness = defineStatement<[newestMigration: string], { migrated: boolean }>(
  'health.readiness',
  `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1) AS migrated`,
);
