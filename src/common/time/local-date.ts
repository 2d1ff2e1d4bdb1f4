const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date (YYYY-MM-DD) of an instant in an IANA time zone: a business's "today" is
 * `localDate(new Date(), biz.timezone)`. Every stored zone is one Intl knows (checked when the
 * business is created).
 */
export function localDate(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/** Whether the runtime's ICU knows the zone (PostgreSQL lists some it refuses, such as posix/… and Factory). */
export function isRuntimeTimeZone(timeZone: string): boolean {
  try {
    localDate(new Date(0), timeZone);
    return true;
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD` plus n calendar days (n may be negative). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}
