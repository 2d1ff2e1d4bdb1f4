/**
 * The rows a feed page may show: those before the first row whose transaction is not yet older
 * than every running transaction. Rows are in (transaction, seq) order, so a transaction still in
 * flight can only add rows after the settled ones, never between them: a cursor taken from a
 * settled row never skips an event.
 */
export function settledPrefix<T extends { settled: boolean }>(rows: T[]): T[] {
  const first = rows.findIndex((r) => !r.settled);
  return first === -1 ? rows : rows.slice(0, first);
}
