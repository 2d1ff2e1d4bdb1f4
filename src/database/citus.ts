import { QueryRunner } from 'typeorm';

/**
 * Citus (issue 46, docs/scale-out.md): when the `citus` extension is present, every table that
 * carries `business_id` is distributed on it, all in ONE co-location group (so a business's rows of
 * every table live on one node and the order's statements are router queries), and the tables every
 * node needs, or that are read before the business is known, are reference tables. On a plain
 * PostgreSQL every function here does nothing.
 */

/**
 * Replicated to every node: `businesses` (every tenant table's foreign key points at it), `api_keys`
 * (found by `key_hash` before the business is known), `users`, `user_sessions` (found by token hash)
 * and `staff_tokens` (invitations and resets, found by token hash). Small and rarely written.
 */
export const REFERENCE_TABLES = ['businesses', 'users', 'api_keys', 'user_sessions', 'staff_tokens'] as const;

/** The table every distributed table is co-located with (any tenant table would do; this one is as old as the schema). */
export const COLOCATION_ANCHOR = 'business_counters';

let citusDatabase = false;

/**
 * Whether the service's database is a Citus coordinator, as the last migration run found it
 * (migrate.ts): statements then leave the plan to Citus (no forced generic plans, transaction.ts).
 */
export function onCitus(): boolean {
  return citusDatabase;
}

export function setOnCitus(on: boolean): void {
  citusDatabase = on;
}

/** Whether the database this runner is on has the `citus` extension (a coordinator of a cluster). */
export async function hasCitus(q: QueryRunner): Promise<boolean> {
  const rows = (await q.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)) as unknown[];
  return rows.length > 0;
}

/**
 * 'distributed', 'reference', or null for a table Citus does not spread (a plain table, or a "local"
 * one Citus added to its metadata itself because a foreign key links it to a reference table).
 */
async function citusKind(q: QueryRunner, table: string): Promise<'distributed' | 'reference' | null> {
  const rows = (await q.query(`SELECT citus_table_type AS kind FROM citus_tables WHERE table_name = to_regclass($1)`, [table])) as {
    kind: 'distributed' | 'reference' | 'local';
  }[];
  const kind = rows[0]?.kind;
  return kind === 'distributed' || kind === 'reference' ? kind : null;
}

/**
 * Distributes one tenant table on `business_id`, co-located with every other (a no-op without Citus
 * or when it already is). For a migration that creates a tenant table: create it with its keys
 * `(business_id, ...)` and its composite foreign keys first, then call this.
 */
export async function distributeByBusiness(q: QueryRunner, table: string): Promise<void> {
  if (!(await hasCitus(q)) || (await citusKind(q, table)) !== null) return;
  // one connection per node for this transaction's copies: a table with rows is copied after its
  // foreign keys to reference tables were checked on the same connections
  await q.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
  const anchor = table === COLOCATION_ANCHOR || (await citusKind(q, COLOCATION_ANCHOR)) === null ? 'default' : COLOCATION_ANCHOR;
  await q.query(`SELECT create_distributed_table($1, 'business_id', colocate_with => $2)`, [table, anchor]);
}

/** Makes one table a reference table (a no-op without Citus or when it already is). */
export async function makeReferenceTable(q: QueryRunner, table: string): Promise<void> {
  if (!(await hasCitus(q)) || (await citusKind(q, table)) !== null) return;
  await q.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
  // the key cache's notification triggers (businesses, api_keys) go to every placement
  await q.query(`SET LOCAL citus.enable_unsafe_triggers TO on`);
  await q.query(`SELECT create_reference_table($1)`, [table]);
}

/**
 * Every table of the public schema that has a `business_id` column, reference tables excepted, in an
 * order where a table comes after every table its foreign keys point at.
 */
export async function tenantTablesInDependencyOrder(q: QueryRunner): Promise<string[]> {
  const tables = (
    (await q.query(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'business_id' AND NOT a.attisdropped)
        ORDER BY c.relname`,
    )) as { name: string }[]
  )
    .map((r) => r.name)
    .filter((t) => !(REFERENCE_TABLES as readonly string[]).includes(t));
  const edges = (await q.query(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
      JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND c.contype = 'f'`,
  )) as { child: string; parent: string }[];
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string): void => {
    if (ordered.includes(t) || visiting.has(t)) return;
    visiting.add(t);
    for (const e of edges) if (e.child === t && e.parent !== t && tables.includes(e.parent)) visit(e.parent);
    visiting.delete(t);
    ordered.push(t);
  };
  // the anchor first: every other table is co-located with it
  if (tables.includes(COLOCATION_ANCHOR)) visit(COLOCATION_ANCHOR);
  for (const t of tables) visit(t);
  return ordered;
}

/**
 * With Citus: the reference tables, then every tenant table distributed on `business_id` in one
 * co-location group. The foreign keys between tenant tables are set aside meanwhile and put back as
 * they were: Citus refuses a key from a table it has not distributed yet (it turns a table with a key
 * to a reference table into a "local" one) to one it has.
 */
export async function distributeSchema(q: QueryRunner): Promise<void> {
  if (!(await hasCitus(q))) return;
  const tenant = await tenantTablesInDependencyOrder(q);
  const keys = (
    (await q.query(
      `SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND c.contype = 'f' ORDER BY c.conname`,
    )) as { table: string; name: string; def: string; parent?: string }[]
  ).filter((k) => tenant.includes(k.table) && tenant.some((t) => new RegExp(`REFERENCES (public\\.)?"?${t}"?\\(`).test(k.def)));
  for (const k of keys) await q.query(`ALTER TABLE "${k.table}" DROP CONSTRAINT "${k.name}"`);
  for (const table of REFERENCE_TABLES) await makeReferenceTable(q, table);
  for (const table of tenant) await distributeByBusiness(q, table);
  for (const k of keys) await q.query(`ALTER TABLE "${k.table}" ADD CONSTRAINT "${k.name}" ${k.def}`);
}
