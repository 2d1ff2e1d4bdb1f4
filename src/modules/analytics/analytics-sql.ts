/**
 * SQL fragments shared by the analytics queries. Days are `date` parameters and the time zone a
 * text parameter; a day's start instant is computed in PostgreSQL (`AT TIME ZONE` knows DST), so
 * the sales date index is searched with plain timestamptz bounds.
 */
export function dayStart(dateParam: string, tzParam: string): string {
  return `(${dateParam}::date::timestamp AT TIME ZONE ${tzParam})`;
}

export function dayEnd(dateParam: string, tzParam: string): string {
  return `((${dateParam}::date + 1)::timestamp AT TIME ZONE ${tzParam})`;
}

/** Completed sales of the business created on the days [fromParam, toParam]. */
export function completedSalesOn(alias: string, businessParam: string, fromParam: string, toParam: string, tzParam: string): string {
  return `${alias}.business_id = ${businessParam} AND ${alias}.status = 'completed'
      AND ${alias}.created_at >= ${dayStart(fromParam, tzParam)} AND ${alias}.created_at < ${dayEnd(toParam, tzParam)}`;
}
