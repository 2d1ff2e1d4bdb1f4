import { EXPORT_PAGE_ROWS, exportFilename, keysetPages } from './csv-export';

/** A table of `total` rows numbered from 1, read EXPORT_PAGE_ROWS after a cursor (the last number read). */
function table(total: number) {
  const reads: (number | null)[] = [];
  const read = (after: number | null) => {
    reads.push(after);
    const from = (after ?? 0) + 1;
    return Promise.resolve(Array.from({ length: Math.max(0, Math.min(EXPORT_PAGE_ROWS, total - from + 1)) }, (_, i) => from + i));
  };
  return { reads, read };
}

describe('keysetPages', () => {
  it('reads every row once, a page after the last row of the one before, and stops after a short page', async () => {
    const { reads, read } = table(2 * EXPORT_PAGE_ROWS + 5);
    const rows: number[] = [];
    for await (const page of keysetPages(read, (n) => n)) rows.push(...page);
    expect(rows).toEqual(Array.from({ length: 2 * EXPORT_PAGE_ROWS + 5 }, (_, i) => i + 1));
    expect(reads).toEqual([null, EXPORT_PAGE_ROWS, 2 * EXPORT_PAGE_ROWS]);
  });

  it('reads one more page after an exact multiple, and gives nothing for an empty table', async () => {
    const full = table(EXPORT_PAGE_ROWS);
    const pages: number[][] = [];
    for await (const page of keysetPages(full.read, (n) => n)) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([EXPORT_PAGE_ROWS]);
    expect(full.reads).toEqual([null, EXPORT_PAGE_ROWS]);
    const empty = table(0);
    for await (const page of keysetPages(empty.read, (n) => n)) pages.push(page);
    expect(pages).toHaveLength(1);
  });

  it('reads the next page while the caller holds this one, and no further once the caller stops', async () => {
    const { reads, read } = table(10 * EXPORT_PAGE_ROWS);
    for await (const page of keysetPages(read, (n) => n)) {
      expect(page[0]).toBe(1);
      expect(reads).toEqual([null, EXPORT_PAGE_ROWS]); // the second page is on its way
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(2);
  });
});

describe('exportFilename', () => {
  it('names the list and today in the business time zone', () => {
    expect(exportFilename('orders', 'Asia/Tokyo', new Date('2026-11-27T16:00:00Z'))).toBe('orders-2026-11-28.csv');
    expect(exportFilename('orders', 'UTC', new Date('2026-11-27T16:00:00Z'))).toBe('orders-2026-11-27.csv');
  });
});
