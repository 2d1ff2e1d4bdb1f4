import { Response } from 'express';
import { CsvLayout } from './csv-columns';
import { csvRecord, csvText } from './csv-format';

/** What an export writes: a file name, its columns (and the records a row makes), and the rows a page at a time. */
export interface CsvExport<T> {
  /** without a path: `orders-2026-11-27.csv` */
  filename: string;
  layout: CsvLayout<T>;
  /** read one page after another, each only once the previous one is written out */
  pages: AsyncIterable<T[]>;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/**
 * A client that takes nothing of the file for this long is cut off: a stalled download would hold its
 * pages, and the response, for ever (a graceful shutdown waits for the responses in flight).
 */
export const STALLED_CLIENT_MS = 60_000;

/**
 * Writes an export as a `text/csv` attachment: the header row, then each page's rows, the page after
 * next asked for only once the previous one has been handed to the socket (backpressure: `drain`;
 * keysetPages reads one ahead), so memory holds about two pages whatever the number of rows. A client
 * that goes away ends the reads: no page is asked for after the response closes. An error before the first page (a 404, a 400) goes to the exception
 * filter like any other; one after the response has started cuts the connection, so a client never
 * takes a truncated file for a complete one.
 */
export async function writeCsv<T>(res: Response, csv: CsvExport<T>, stalledMs = STALLED_CLIENT_MS): Promise<void> {
  const client = new ClientState(res, stalledMs);
  const pages = csv.pages[Symbol.asyncIterator]();
  let next = await pages.next(); // before the first byte: its errors are ordinary error responses
  res.status(200).set({
    'Content-Type': CSV_CONTENT_TYPE,
    'Content-Disposition': `attachment; filename="${csv.filename}"`,
    'Cache-Control': 'no-store',
  });
  try {
    res.write(csvRecord(csv.layout.headers));
    while (!next.done && !client.gone) {
      // one write per page: a write per row made a chunk per row
      res.write(next.value.flatMap((row) => csv.layout.records(row).map((values) => csvRecord(values.map(csvText)))).join(''));
      if (!(await client.drained())) throw new Error(`the client took nothing for ${stalledMs} ms`);
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

  constructor(
    private readonly res: Response,
    private readonly stalledMs: number,
  ) {
    res.once('close', () => {
      this.gone = true;
      this.wake?.();
    });
  }

  /** Waits until the written data has drained to the socket or the client is gone (true), or the client stalled (false). */
  async drained(): Promise<boolean> {
    if (!this.res.writableNeedDrain || this.gone) return true;
    let timer: NodeJS.Timeout | undefined;
    const drained = await new Promise<boolean>((resolve) => {
      this.wake = () => resolve(true);
      this.res.once('drain', this.wake);
      timer = setTimeout(() => resolve(false), this.stalledMs);
    });
    clearTimeout(timer);
    this.res.removeListener('drain', this.wake!);
    this.wake = null;
    return drained;
  }
}
