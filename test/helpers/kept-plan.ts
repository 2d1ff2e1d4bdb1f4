import { QueryRunner } from 'typeorm';

/**
 * The generic plan `runner`'s connection keeps for `statementText`, prepared under a name starting
 * with `namePrefix` (`g_`, `w_`: Tx's plan modes), shown for `literals` (NULL for every parameter
 * when not given: a generic plan does not depend on them). EXPLAIN runs under force_generic_plan in
 * a transaction rolled back, so it shows the cached plan, not one made now (nor one made now under
 * the planner settings the statement is sent with).
 */
export async function keptGenericPlan(runner: QueryRunner, namePrefix: string, statementText: string, literals?: string): Promise<string> {
  const [{ name, parameters }] = (await runner.query(
    `SELECT name, cardinality(parameter_types) AS parameters FROM pg_prepared_statements WHERE starts_with(name, $1) AND position($2 in statement) > 0`,
    [namePrefix, statementText],
  )) as { name: string; parameters: number }[];
  literals ??= Array.from({ length: parameters }, () => 'NULL').join(', ');
  await runner.startTransaction();
  try {
    await runner.query('SET LOCAL plan_cache_mode TO force_generic_plan');
    const rows = (await runner.query(`EXPLAIN EXECUTE ${name}(${literals})`)) as { 'QUERY PLAN': string }[];
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await runner.rollbackTransaction();
  }
}

/**
 * On Citus the app plans each statement with its values (forCitus, database/transaction.ts: Citus
 * refuses a generic plan of a statement of CTEs), so no connection keeps a generic plan there: what
 * pg_prepared_statements counts for `runs` runs of a statement on its "generic plan", per engine.
 */
export const plannedRuns = (runs: number) => (process.env.TEST_CITUS_WORKERS ? { generic: 0, custom: runs } : { generic: runs, custom: 0 });

/** A describe of the plans a connection keeps: a plain PostgreSQL's alone (skipped on Citus, saying so). */
export function describeKeptPlans(name: string, body: () => void): void {
  if (!process.env.TEST_CITUS_WORKERS) return describe(name, body);
  console.info(`${name}: skipped on Citus, which plans each run with its values (test/helpers/kept-plan.ts)`);
  describe.skip(name, body);
}
