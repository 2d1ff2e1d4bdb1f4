/**
 * SQL for `column` moved back by `interval` (an SQL interval expression), for specs that age their rows
 * (`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} ...`). Citus refuses
 * `created_at - interval '3 days'` in an UPDATE (a stable operator on a column: it would run on the
 * workers, whose time zone it cannot vouch for); the same arithmetic on the UTC wall time is
 * immutable. The test servers run in UTC (their sessions too), so both give the same time.
 */
export function earlier(column: string, interval: string): string {
  return `(${column} AT TIME ZONE 'UTC' - ${interval}) AT TIME ZONE 'UTC'`;
}
