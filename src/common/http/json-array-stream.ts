import { Response } from 'express';

/**
 * Writes a JSON array (`200`, a bare array) from pages produced one after another, each written out
 * before the next is asked for, so the whole array is never held in memory. An error before the first
 * page goes to the exception filter like any other; one after the response has started cuts the
 * connection, so a client never takes a truncated array for a complete one.
 */
export async function writeJsonArray(res: Response, pages: AsyncIterable<unknown[]>): Promise<void> {
  let started = false;
  try {
    for await (const page of pages) {
      for (const item of page) {
        if (!started) {
          res.status(200).type('application/json').write('[');
          started = true;
        } else {
          res.write(',');
        }
        res.write(JSON.stringify(item));
      }
      if (started && res.writableNeedDrain) await new Promise((resolve) => res.once('drain', resolve));
    }
  } catch (err) {
    if (!started) throw err;
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    return;
  }
  if (!started) res.status(200).json([]);
  else res.end(']');
}
