// node-pg's own serialisation of bound parameters (arrays, dates, buffers, JSON); it ships no types for it
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue: (value: unknown) => string | Buffer | null | undefined };

/**
 * A parameter as an SQL literal, serialised exactly as node-pg sends a bound text parameter. Inputs
 * never carry NUL (refused at validation), which a literal inside the query text could not hold.
 */
export function sqlLiteral(value: unknown): string {
  const text = prepareValue(value);
  if (text === null || text === undefined) return 'NULL';
  if (Buffer.isBuffer(text)) throw new Error('a binary parameter cannot travel as a literal: use prepared()');
  return escapeLiteral(text);
}

/**
 * node-pg's Client.escapeLiteral, character for character the same output (quotes and backslashes
 * doubled, ` E'...'` when there is a backslash), by native replaceAll instead of its loop over each
 * character: an order sends kilobytes of JSON as literals, and that loop was ~2% of its API CPU.
 */
export function escapeLiteral(text: string): string {
  const quoted = `'${text.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
  return text.includes('\\') ? ` E${quoted}` : quoted;
}
