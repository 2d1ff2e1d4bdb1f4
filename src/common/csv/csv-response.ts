import { Response } from 'express';
import { CsvColumn } from './csv-columns';
import { csvRecord, csvText } from './csv-format';

/** What an export writes: a file name, its columns, and the rows a page at a time. */
export interface CsvExport<T> {
  /** without a path: `orders-2026-11-27.csv` */
  filename: string;
  columns: CsvColumn<T>[];
  /** read one page after another, each only once the previous one is written out */
  pages: AsyncIterable<T[]>;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/**
 * Writes an export as a `text/csv` attachment: the header row, then each page's rows, the next page
 * read only once the previous one has been handed to the socket (backpressure: `drain`), so memory
 * holds one page whatever the number of rows. A client that goes away ends the reads: no page is read
 * after the response closes. An error before the first page (a 404, a 400) goes to the exception
 * filter like any other; one after the response has started cuts the connection, so a client never
 * takes a truncated file for a complete one.
 */
export async function writeCsv<T>(res: Response, csv: CsvExport<T>): Promise<void> {
  const client = new ClientState(res);
  const pages = csv.pages[Symbol.asyncIterator]();
  let next = await pages.next(); // before the first byte: its errors are ordinary error responses
  res.status(200).set({
    'Content-Type': CSV_CONTENT_TYPE,
    'Content-Disposition': `attachment; filename="${csv.filename}"`,
    'Cache-Control': 'no-store',
  });
  try {
    res.write(csvRecord(csv.columns.map((c) => c.header)));
    while (!next.done && !client.gone) {
      // one write per page: a write per row made a chunk per row
      res.write(next.value.map((row) => csvRecord(csv.columns.map((c) => csvText(c.value(row))))).join(''));
      await client.drained();
      if (client.gone) break;
      next = await pages.next();
    }
  } catch (err) {
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    return;
  } finally {
    if (!next.done) await pages.return?.(undefined); // the reads stop here (a client gone, an error)
  }
  if (!client.gone) res.end();
}

/** Whether the client is still there, and a wait for the socket to take what was written. */
class ClientState {
  gone = false;
  private wake: (() => void) | null = null;

  constructor(private readonly res: Response) {
    res.once('close', () => {
      this.gone = true;
      this.wake?.();
    });
  }

  /** Resolves once the written data has drained to the socket, or the client is gone. */
  async drained(): Promise<void> {
    if (!this.res.writableNeedDrain || this.gone) return;
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      this.res.once('drain', resolve);
    });
    this.res.removeListener('drain', this.wake!);
    this.wake = null;
  }
}
