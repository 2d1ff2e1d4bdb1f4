import { describe, expect, it } from 'vitest';
import { errorLines, isCancellable, isWorking, kindOf, pageOfKind, percentDone, progressText } from './import-status';

describe('import status rules', () => {
  it('reads a kind from the URL, nothing else', () => {
    expect(kindOf('products')).toBe('products');
    expect(kindOf('stock')).toBe('stock');
    expect(kindOf('orders')).toBeNull();
    expect(kindOf('')).toBeNull();
  });
  it('asks again while the server works, cancels while not finished', () => {
    expect(['validating', 'ready', 'applying', 'done', 'failed', 'cancelled'].filter((s) => isWorking(s as never))).toEqual(['validating', 'applying']);
    expect(['validating', 'ready', 'applying', 'done', 'failed', 'cancelled'].filter((s) => isCancellable(s as never))).toEqual([
      'validating',
      'ready',
      'applying',
    ]);
  });
  it('says the progress in whole percent, never 100 before the last row', () => {
    expect(percentDone({ done: 0, total: 0 })).toBe(0);
    expect(percentDone({ done: 999, total: 1000 })).toBe(99);
    expect(percentDone({ done: 1000, total: 1000 })).toBe(100);
    expect(progressText({ done: 250, total: 1002 }, (n) => n.toLocaleString('en-US'))).toBe('250 of 1,002 rows (24%)');
  });
  it('lists errors one per line with their row and column, up to the limit', () => {
    const rows = [
      {
        row: 2,
        key: 'A',
        errors: [
          { column: 'price', code: 'VALIDATION_FAILED', message: 'bad price' },
          { column: 'name', code: 'VALIDATION_FAILED', message: 'no name' },
        ],
      },
      { row: 7, key: null, errors: [{ column: 'sku', code: 'SKU_TAKEN', message: 'taken' }] },
    ];
    expect(errorLines(rows, 10)).toEqual([
      { row: 2, key: 'A', column: 'price', message: 'bad price' },
      { row: 2, key: 'A', column: 'name', message: 'no name' },
      { row: 7, key: null, column: 'sku', message: 'taken' },
    ]);
    expect(errorLines(rows, 2).map((e) => e.column)).toEqual(['price', 'name']);
  });
  it('leads to the page of what was imported', () => {
    expect(pageOfKind('stock')).toEqual({ to: '/inventory', name: 'Inventory' });
  });
});
