/**
 * The two SQL conversions between instants and the calendar days of a business time zone.
 * PostgreSQL does them (`AT TIME ZONE` knows each zone's DST rules); `zone` is an SQL expression
 * of type text (a parameter such as `$4` or `$4::text`, or a column).
 */

/** The calendar date, in the zone, of an instant (a timestamptz SQL expression). */
export function localDateSql(instant: string, zone: string): string {
  return `(${instant} AT TIME ZONE ${zone})::date`;
}

/**
 * The instant a calendar day (a date SQL expression) starts at in the zone: the earliest instant whose
 * local date is that day. That is its midnight read with the UTC offset in force just before it: on a
 * day whose midnight a DST change repeats (Atlantic/Azores, 2026-10-25), `AT TIME ZONE` alone picks
 * the later of the two midnights and would count the first local hour in the day before; on a day
 * whose midnight is skipped (America/Santiago, 2026-09-06) it is the instant of the change. An
 * expression of its arguments only, evaluated once per query when they are parameters.
 */
export function localDayStartSql(day: string, zone: string): string {
  const justBefore = `(((${day})::timestamp AT TIME ZONE ${zone}) - interval '1 microsecond')`;
  const offsetBefore = `((${justBefore} AT TIME ZONE ${zone}) - (${justBefore} AT TIME ZONE 'UTC'))`;
  return `(((${day})::timestamp - ${offsetBefore}) AT TIME ZONE 'UTC')`;
}
