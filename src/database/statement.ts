/**
 * A named, typed SQL statement of a measured hot path (ARCHITECTURE.md, "Where a thing goes"). Statements live in
 * `persistence/<thing>.sql.ts` files; every one registers itself here so that a test can prepare
 * each against the migrated schema (test/persistence-statements.e2e-spec.ts): a wrong column name
 * fails `npm test`, not a request.
 *
 * `P` is the parameter tuple and `R` the row type; they exist for the compiler only.
 */
export interface Statement<P extends readonly unknown[] = unknown[], R = Record<string, unknown>> {
  /** `<module>.<what it does>`; also the name of the prepared statement on each connection. */
  readonly name: string;
  readonly text: string;
  /**
   * Planned for each run's values (`tx.run` sends it unprepared): a statement whose generic plan, made
   * while its tables were small or had no statistics and kept while they grow, narrows by business_id
   * alone and filters a key (every sale of the business read to find one), or reads a growing table
   * whole. A plan made at each run is made for the table's size then.
   */
  readonly plannedPerRun?: boolean;
  /** never set: carries the parameter and row types */
  readonly types?: { params: P; row: R };
}

import { onCitus } from './citus';

const registry = new Map<string, Statement<any, any>>();

/**
 * `citusText`: the statement as it runs on a Citus cluster (onCitus()), where it differs: Citus plans a
 * statement with an INSERT among its CTEs part by part, and refuses such a part that reaches rows by ctid.
 */
export function defineStatement<P extends readonly unknown[], R = Record<string, unknown>>(
  name: string,
  text: string,
  options: { plannedPerRun?: boolean; citusText?: string } = {},
): Statement<P, R> {
  if (!/^[a-z][a-zA-Z]*\.[a-zA-Z][a-zA-Z0-9]*$/.test(name)) throw new Error(`statement name ${name} is not <module>.<camelCaseName>`);
  const existing = registry.get(name);
  if (existing && existing.text !== text) throw new Error(`statement ${name} is defined twice with different texts`);
  const citusText = options.citusText;
  const statement: Statement<P, R> = citusText
    ? {
        name: `${name}`,
        get text() {
          return onCitus() ? citusText : text;
        },
        ...(options.plannedPerRun ? { plannedPerRun: true } : {}),
      }
    : { name, text, ...(options.plannedPerRun ? { plannedPerRun: true } : {}) };
  registry.set(name, statement);
  return statement;
}

/** Every statement defined so far (the persistence files must have been loaded). */
export function registeredStatements(): Statement<any, any>[] {
  return [...registry.values()];
}
