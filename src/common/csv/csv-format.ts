import { ExactNumber, stringifyExact } from '../http/exact-json';

/**
 * The text of one CSV field (RFC 4180): a field holding a comma, a double quote, CR or LF is quoted,
 * its quotes doubled. `null` (a JSON null) is the empty unquoted field and the empty string the
 * quoted one (`""`), so the two stay apart, as PostgreSQL's COPY ... CSV reads them.
 */
export function csvField(text: string | null): string {
  if (text === null) return '';
  if (text === '') return '""';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: the fields joined by commas, ended by CRLF. */
export function csvRecord(texts: (string | null)[]): string {
  return `${texts.map(csvField).join(',')}\r\n`;
}

/**
 * Text a spreadsheet would run as a formula (OWASP's CSV injection: `=`, `+`, `-`, `@`, tab, CR
 * first) is written after an apostrophe, which spreadsheets show as text and do not print. Only
 * strings: numbers, dates and ids never start so, and a negative number stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of a JSON value in a field: a string as itself (after an apostrophe when it would start
 * a formula), a number as its JSON text (exact: ExactNumber's literal), true/false, null as null,
 * an array or object as its JSON text.
 */
export function csvText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof ExactNumber) return value.literal;
  return stringifyExact(value);
}
