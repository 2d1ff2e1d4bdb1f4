/**
 * Snapshots of everything one business owns: for every table with a `business_id` column (found in
 * the live schema, so a table added by a later migration is covered without editing this file) and
 * the business row itself, the row count and an md5 of all its rows as text, in a stable order.
 * Two equal snapshots mean nothing of the business was inserted, changed or deleted in between.
 */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any[]>;
}

export interface TableSnapshot {
  rows: number;
  hash: string;
}

export type BusinessSnapshot = Record<string, TableSnapshot>;

const tableCache = new WeakMap<Queryable, Promise<string[]>>();

/** Every table of the public schema that has a business_id column, by name. */
export function businessTables(db: Queryable): Promise<string[]> {
  let tables = tableCache.get(db);
  if (!tables) {
    tables = db
      .query(
        `SELECT c.table_name AS name
           FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = 'public' AND c.column_name = 'business_id' AND t.table_type = 'BASE TABLE'
          ORDER BY 1`,
      )
      .then((rows) => rows.map((r: { name: string }) => r.name));
    tableCache.set(db, tables);
  }
  return tables;
}

/**
 * Columns that background work sets after the request that wrote their row, whenever it runs: the
 * outbox dispatcher marks an event dispatched, key usage is written in batches. Not a change a
 * request made, so left out of the hash (a snapshot taken around a refused request saw an earlier
 * event's `dispatched_at` set by the dispatcher between the two).
 */
const BACKGROUND_COLUMNS: Record<string, readonly string[]> = {
  outbox_events: ['dispatched_at'],
  api_keys: ['last_used_at'],
};

/** A row as text, without its background columns. */
function rowText(table: string): string {
  const background = BACKGROUND_COLUMNS[table];
  return background ? `(to_jsonb(x) - ${background.map((c) => `'${c}'`).join(' - ')})::text` : 'x::text';
}

/** One statement: every business table plus the business row, counted and hashed. */
export async function snapshotBusiness(db: Queryable, businessId: string): Promise<BusinessSnapshot> {
  const tables = await businessTables(db);
  const part = (label: string, from: string, where: string) =>
    `SELECT '${label}' AS t, count(*)::int AS n, md5(coalesce(string_agg(${rowText(label)}, E'\\n' ORDER BY ${rowText(label)}), '')) AS h FROM ${from} x WHERE ${where}`;
  const sql = [part('businesses', 'businesses', 'x.id = $1'), ...tables.map((t) => part(t, `"${t}"`, 'x.business_id = $1'))].join('\nUNION ALL\n');
  const rows: { t: string; n: number; h: string }[] = await db.query(sql, [businessId]);
  return Object.fromEntries(rows.map((r) => [r.t, { rows: r.n, hash: r.h }]));
}

/** Every id the business's rows carry (their `id` columns), to tell whether a response leaks one. */
export async function idsOfBusiness(db: Queryable, businessId: string): Promise<Set<string>> {
  const tables: string[] = (
    await db.query(
      `SELECT table_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'id' AND data_type = 'uuid'
          AND table_name IN (SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'business_id')
        ORDER BY 1`,
    )
  ).map((r: { name: string }) => r.name);
  const sql = tables.map((t) => `SELECT id::text AS id FROM "${t}" WHERE business_id = $1`).join('\nUNION ALL\n');
  const rows: { id: string }[] = await db.query(sql, [businessId]);
  return new Set([businessId, ...rows.map((r) => r.id)]);
}

/** The tables whose snapshot differs, with both sides, for a readable failure. */
export function snapshotDiff(before: BusinessSnapshot, after: BusinessSnapshot): Record<string, { before?: TableSnapshot; after?: TableSnapshot }> {
  const diff: Record<string, { before?: TableSnapshot; after?: TableSnapshot }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[table];
    const b = after[table];
    if (a?.rows !== b?.rows || a?.hash !== b?.hash) diff[table] = { before: a, after: b };
  }
  return diff;
}
