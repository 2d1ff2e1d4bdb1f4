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

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the wall clock of an IANA time zone shows it, `YYYY-MM-DD HH:MM:SS` (truncated to the
 * second): what a spreadsheet reads as a date and time (the CSV exports' `created_at_local`).
 */
export function localDateTime(instant: Date, timeZone: string): string {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormatters.set(timeZone, formatter);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(instant)) part[type] = value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
