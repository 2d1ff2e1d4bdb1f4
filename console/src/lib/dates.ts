/** Dates and times in the business time zone (docs/api.md 16), with the browser's locale. */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? '', options]);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A timestamp (ISO 8601 UTC) as the business's wall clock. */
export function formatDateTime(iso: string, timeZone: string, locale?: string): string {
  return dateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A business day (`YYYY-MM-DD`, already in the business zone): shown as that day, whatever the browser's zone. */
export function formatDay(day: string, locale?: string): string {
  return dateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));
}
