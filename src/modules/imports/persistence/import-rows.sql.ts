import { defineStatement } from '../../../database/statement';

/** Rows of import $2 of business $1 staged from $3 (a JSON array of {row, outcome, key, cells, errors}). */
export const stageRows = defineStatement<[businessId: string, importId: string, rows: string], Record<string, never>>(
  'imports.stageRows',
  `INSERT INTO import_rows (business_id, import_id, row, outcome, key, cells, errors)
   SELECT $1, $2, r.row, r.outcome, r.key, r.cells, r.errors
     FROM jsonb_to_recordset($3::jsonb) AS r(row integer, outcome text, key text, cells jsonb, errors jsonb)`,
);

/** The next rows of import $2 the apply has not done, from row $3 on, at most $4 of them, in row order. */
export const pendingRows = defineStatement<
  [businessId: string, importId: string, fromRow: number, limit: number],
  { row: number; outcome: string; key: string | null; cells: Record<string, string>; errors: unknown[] }
>(
  'imports.pendingRows',
  `SELECT row, outcome, key, cells, errors FROM import_rows
    WHERE business_id = $1 AND import_id = $2 AND row >= $3 AND NOT applied
    ORDER BY row LIMIT $4`,
);

/** Rows of import $2 marked done by the apply with the outcome it found ($3 rows, $4 outcomes, $5 errors as JSON texts). */
export const markApplied = defineStatement<[businessId: string, importId: string, rows: number[], outcomes: string[], errors: string[]], Record<string, never>>(
  'imports.markApplied',
  `UPDATE import_rows r SET applied = true, outcome = v.outcome, errors = v.errors::jsonb
     FROM unnest($3::int[], $4::text[], $5::text[]) AS v(row, outcome, errors)
    WHERE r.business_id = $1 AND r.import_id = $2 AND r.row = v.row`,
);

/** The count of each outcome of import $2's rows. */
export const outcomeCounts = defineStatement<[businessId: string, importId: string], { outcome: string; n: string }>(
  'imports.outcomeCounts',
  `SELECT outcome, count(*) AS n FROM import_rows WHERE business_id = $1 AND import_id = $2 GROUP BY outcome`,
);

/** Imports some process must carry on: validating or applying (any business; the claim decides who). */
export const unfinishedImports = defineStatement<[], { business_id: string; id: string }>(
  'imports.unfinished',
  `SELECT business_id, id FROM imports WHERE status IN ('validating', 'applying') ORDER BY created_at LIMIT 100`,
);

/**
 * Claims import $2 for this session: a session advisory lock, held while the process works on it and
 * released when its connection ends (a process that dies lets another take it at once).
 */
export const claimImport = defineStatement<[importId: string], { claimed: boolean }>(
  'imports.claim',
  `SELECT pg_try_advisory_lock(4423, hashtext($1)) AS claimed`,
);

export const releaseImport = defineStatement<[importId: string], { released: boolean }>(
  'imports.release',
  `SELECT pg_advisory_unlock(4423, hashtext($1)) AS released`,
);

/** The staged rows of import $2, removed before its validation starts again from the file. */
export const clearRows = defineStatement<[businessId: string, importId: string], Record<string, never>>(
  'imports.clearRows',
  `DELETE FROM import_rows WHERE business_id = $1 AND import_id = $2`,
);
