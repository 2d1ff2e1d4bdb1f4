import { onCitus } from '../citus';
import { defineStatement } from '../statement';

/**
 * The next value of a per-business counter ($1 business, $2 counter name). The row stays locked
 * until the transaction ends, which is what keeps the numbers gapless (a rollback returns it).
 */
export const takeNextNumber = defineStatement<[businessId: string, counter: string], { value: string }>(
  'counters.next',
  `UPDATE business_counters SET value = value + 1 WHERE business_id = $1 AND name = $2 RETURNING value`,
);

/**
 * Locks counter $2 of business $1 (FOR UPDATE) without stepping it: a numbered statement's lead
 * (CombinedStatement.lockFirst), so that its own step finds the row already held.
 */
export const lockCounter = defineStatement<[businessId: string, counter: string], { locked: number }>(
  'counters.lock',
  `SELECT 1 AS locked FROM business_counters WHERE business_id = $1 AND name = $2 FOR UPDATE`,
);

const CITUS_STEP_TIME = `stepped_at = greatest(statement_timestamp(), c.stepped_at)`;

/**
 * The same counter step as the body of a part of a combined statement: `number`, `formatted` (the
 * prefix, a dash and at least four digits: S-0001, INV-12345) and `at`, the clock time once the row
 * is locked, which the numbered rows take as their creation time. `after` is an SQL condition that
 * makes the part read the previous lock's part (see CombinedStatement).
 */
export function counterStepSql(businessIdSql: string, counterSql: string, prefixSql: string, after: string, citus = onCitus()): string {
  // On Citus the time is written into the row (stepped_at): Citus allows no clock function in an
  // UPDATE's RETURNING and no volatile one in its SET. It is the statement's time, or the previous
  // step's if that is later: the numbers' order stays their times' order (equal times possible).
  return `UPDATE business_counters c SET value = c.value + 1${citus ? `, ${CITUS_STEP_TIME}` : ''}
     WHERE c.business_id = ${businessIdSql} AND c.name = ${counterSql} AND ${after}
 RETURNING c.value AS number,
           ${prefixSql} || '-' || lpad(c.value::text, greatest(4, length(c.value::text)), '0') AS formatted,
           ${citus ? 'c.stepped_at' : 'clock_timestamp()'} AS at`;
}

/** The counter step of counterStepSql as a statement of its own ($1 business, $2 counter, $3 prefix). */
export const takeNextFormattedNumber = defineStatement<[businessId: string, counter: string, prefix: string], { number: string; formatted: string; at: Date }>(
  'counters.nextFormatted',
  counterStepSql('$1::uuid', '$2::text', '$3::text', 'true', false),
  {
    citusText: counterStepSql('$1::uuid', '$2::text', '$3::text', 'true', true),
  },
);
