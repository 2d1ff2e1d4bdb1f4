import { Writable } from 'stream';
import { Response } from 'express';
import { csvLayoutOf } from './csv-columns';
import { writeCsv } from './csv-response';
import { ApiProperty } from '@nestjs/swagger';

class Inner {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}

class Row {
  @ApiProperty() n: number;
  @ApiProperty({ type: String, nullable: true }) text: string | null;
  @ApiProperty({ type: Inner, nullable: true }) inner: Inner | null;
  @ApiProperty({ type: [Inner] }) list: Inner[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

class WithJson {
  @ApiProperty() id: string;
  @ApiProperty({ type: [String] }) tags: string[];
}

/** A response whose socket takes what it is given only when `accept()` is called: backpressure at will. */
class SlowResponse extends Writable {
  chunks: string[] = [];
  headers: Record<string, string> = {};
  statusCode = 0;
  private pending: (() => void)[] = [];

  constructor() {
    super({ highWaterMark: 16 });
  }

  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.chunks.push(chunk.toString());
    this.pending.push(done);
  }

  accept(): void {
    this.pending.splice(0).forEach((done) => done());
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  set(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }
}

/** Pages of `size` rows, counting the reads and whether the reader was stopped. */
function pagesOf(count: number, size = 2) {
  const state = { reads: 0, stopped: false };
  async function* pages(): AsyncGenerator<Row[]> {
    try {
      for (let p = 0; p < count; p++) {
        await Promise.resolve(); // a read
        state.reads++;
        yield Array.from({ length: size }, (_, i) => ({ n: p * size + i, text: `r${p}`, inner: null, list: [], created_at: '2026-03-29T01:30:00.5Z' }));
      }
    } finally {
      state.stopped = true;
    }
  }
  return { state, pages: pages() };
}

const layout = csvLayoutOf(Row, { timezone: 'Europe/Berlin', lines: { field: 'list', prefix: 'list_' }, names: { n: ['n_name'] } });
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Lets the socket take everything until `until()` holds (or a deadline passes); answers whether it held. */
async function pump(res: SlowResponse, until: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (!until() && Date.now() < deadline) {
    res.accept();
    await tick();
  }
  return until();
}

describe('CSV layout of a response model', () => {
  it('flattens nested objects to dotted names, writes a record per line, names beside ids, the local time beside created_at', () => {
    expect(layout.headers).toEqual(['n', 'n_name', 'text', 'inner.id', 'inner.name', 'created_at', 'created_at_local', 'list_id', 'list_name']);
    const row = {
      n: 1,
      n_name: 'one',
      text: null,
      inner: { id: 'a', name: 'b' },
      list: [
        { id: 'x', name: 'y' },
        { id: 'z', name: '=1' },
      ],
      created_at: '2026-03-28T23:30:00.999Z',
    };
    expect(layout.records(row)).toEqual([
      [1, 'one', null, 'a', 'b', '2026-03-28T23:30:00.999Z', '2026-03-29 00:30:00', 'x', 'y'],
      [1, 'one', null, 'a', 'b', '2026-03-28T23:30:00.999Z', '2026-03-29 00:30:00', 'z', '=1'],
    ]);
    expect(layout.records({ ...row, inner: null, list: [] })).toEqual([[1, 'one', null, null, null, row.created_at, '2026-03-29 00:30:00', null, null]]);
  });

  it('refuses a model with an array it would write as JSON in a cell', () => {
    expect(() => csvLayoutOf(WithJson, { timezone: 'UTC' })).toThrow('WithJson.tags would be JSON in a CSV cell');
    expect(csvLayoutOf(WithJson, { timezone: 'UTC', expand: { tags: [{ header: 'first_tag', value: (r) => r.tags[0] ?? null }] } }).headers).toEqual([
      'id',
      'first_tag',
    ]);
  });
});

describe('writeCsv', () => {
  it('writes the header and every page, as an attachment', async () => {
    const res = new SlowResponse();
    const { state, pages } = pagesOf(3);
    const done = writeCsv(res as unknown as Response, { filename: 'rows.csv', layout, pages });
    expect(await pump(res, () => res.writableEnded)).toBe(true);
    await done;
    expect(res.statusCode).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['Content-Disposition']).toBe('attachment; filename="rows.csv"');
    const local = ',,,2026-03-29T01:30:00.5Z,2026-03-29 03:30:00,,\r\n';
    expect(res.chunks.join('')).toBe(
      `n,n_name,text,inner.id,inner.name,created_at,created_at_local,list_id,list_name\r\n${[0, 1, 2, 3, 4, 5].map((n) => `${n},,r${n >> 1}${local}`).join('')}`,
    );
    expect(state).toEqual({ reads: 3, stopped: true });
  });

  it('reads the next page only once the socket took the last one, and stops reading when the client goes', async () => {
    const res = new SlowResponse();
    const { state, pages } = pagesOf(100);
    const done = writeCsv(res as unknown as Response, { filename: 'rows.csv', layout, pages });
    for (let i = 0; i < 10; i++) await tick();
    expect(state.reads).toBe(1); // the first page waits in the buffer: nothing more is read
    expect(await pump(res, () => state.reads === 2)).toBe(true);
    for (let i = 0; i < 10; i++) await tick();
    expect(state.reads).toBe(2); // and the second, until the socket takes it
    res.emit('close'); // the client went away
    await done;
    expect(state).toEqual({ reads: 2, stopped: true });
    expect(res.writableEnded).toBe(false);
  });

  it('cuts off a client that takes nothing for too long, and stops reading', async () => {
    const res = new SlowResponse();
    res.on('error', () => undefined);
    const { state, pages } = pagesOf(100);
    await writeCsv(res as unknown as Response, { filename: 'rows.csv', layout, pages }, 50);
    expect(res.destroyed).toBe(true);
    expect(state).toEqual({ reads: 1, stopped: true });
  });

  it('leaves an error before the first page to the caller (an ordinary error response), and writes nothing', async () => {
    const res = new SlowResponse();
    // eslint-disable-next-line require-yield
    async function* failing(): AsyncGenerator<Row[]> {
      await Promise.resolve();
      throw new Error('refused');
    }
    await expect(writeCsv(res as unknown as Response, { filename: 'x.csv', layout, pages: failing() })).rejects.toThrow('refused');
    expect(res.chunks).toEqual([]);
    expect(res.statusCode).toBe(0);
  });

  it('cuts the connection on an error after the first page: a truncated file is never a complete one', async () => {
    const res = new SlowResponse();
    res.on('error', () => undefined);
    async function* breaking(): AsyncGenerator<Row[]> {
      yield await Promise.resolve([{ n: 1, text: 'a', inner: null, list: [], created_at: '2026-01-01T00:00:00Z' }]);
      throw new Error('database gone');
    }
    const done = writeCsv(res as unknown as Response, { filename: 'x.csv', layout, pages: breaking() });
    expect(await pump(res, () => res.destroyed)).toBe(true);
    await done;
    expect(res.destroyed).toBe(true);
    expect(res.writableEnded).toBe(false);
  });
});
