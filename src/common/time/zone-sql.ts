/**
 * The two SQL conversions between instants and the calendar days of a business time zone.
 * PostgreSQL does them (`AT TIME ZONE` knows each zone's DST rules); `zone` is an SQL expression
 * of type text (a parameter such as `$4` or `$4::text`, or a column).
 */

/** The calendar date, in the zone, of an instant (a timestamptz SQL expression). */
export function localDateSql(instant: string, zone: string): string {
  return `(${instant} AT TIME ZONE ${zone})::date`;
}

/** The instant a calendar day (a date SQL expression) starts at in the zone: its local midnight. */
export function localDayStartSql(day: string, zone: string): string {
  return `((${day})::timestamp AT TIME ZONE ${zone})`;
}
