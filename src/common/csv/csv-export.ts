import { localDate } from '../time/local-date';

/** Rows read per statement by an export: one page in memory at a time. */
export const EXPORT_PAGE_ROWS = 1000;

/** `orders-2026-11-27.csv`: the list's name and today in the business time zone. */
export function exportFilename(list: string, timezone: string, now = new Date()): string {
  return `${list}-${localDate(now, timezone)}.csv`;
}

/**
 * Every page of a keyset-paged read: `read(after)` gives the rows after the cursor `after` (null:
 * from the first), at most EXPORT_PAGE_ROWS; a shorter page is the last. `cursorOf` is the cursor
 * of a row (its id, or the values of the order's columns). The next page is read while the caller
 * writes this one (its cursor is known once this one is read), so the database and the response
 * work side by side: two pages at most in memory, one read at most in flight when the caller stops.
 */
export async function* keysetPages<R, C>(read: (after: C | null) => Promise<R[]>, cursorOf: (row: R) => C): AsyncGenerator<R[]> {
  let next: Promise<R[]> | null = read(null);
  try {
    while (next) {
      const rows: R[] = await next;
      next = rows.length < EXPORT_PAGE_ROWS ? null : read(cursorOf(rows[rows.length - 1]));
      if (rows.length > 0) yield rows;
    }
  } finally {
    next?.catch(() => undefined); // the caller stopped (a client gone): the read in flight is dropped
  }
}

/**
 * The description of an export route in the OpenAPI document: how it is asked for, and how a browser
 * downloads it (the key goes in a header, which a plain link cannot send).
 */
export function exportDescription(list: string, more = ''): string {
  return (
    `The same query parameters as ${list} but page and per_page (400 for those, as for any unknown parameter), and every ` +
    'matching row in its order, streamed as the database is read. Send the API key in the Authorization header as on ' +
    'every route: a browser fetches it (fetch with the header, then response.blob() and an object URL to save it). ' +
    'Columns: the JSON field names; a nested object is one column per field (`category.id`); no cell holds JSON: orders and ' +
    "invoices are one row per line, the line's fields after the order's as `item_<field>`; a name column beside an id " +
    '(`customer_name`, `customer_email`, `warehouse_name`, `sale_number`); `created_at_local` (YYYY-MM-DD HH:MM:SS in the ' +
    'business time zone) after `created_at`; numbers as the JSON writes them, null empty, an empty text `""`; text starting with = + - @ tab or CR after ' +
    `an apostrophe (a spreadsheet would run it as a formula).${more ? ` ${more}` : ''} See docs/api.md, "CSV exports".`
  );
}
