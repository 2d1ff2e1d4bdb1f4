const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock date and time (`YYYY-MM-DD HH:MM`) of an instant in an IANA time zone, as a clock
 * on the shop's wall showed it: daylight saving time included, whatever the server's own zone.
 */
export function localDateTime(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
