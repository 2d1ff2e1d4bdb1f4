import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { LockOrder, LockOrderViolation, LockRank } from './lock-order';

describe('LockOrder', () => {
  it('allows ranks in ascending order, and the same rank again', () => {
    const locks = new LockOrder();
    locks.take(LockRank.CustomerIdentity);
    locks.take(LockRank.StockLevels);
    locks.take(LockRank.StockLevels);
    locks.take(LockRank.SaleCounter);
    locks.take(LockRank.Invoice);
    expect(locks.highest).toBe(LockRank.Invoice);
  });

  it('allows skipping ranks', () => {
    const locks = new LockOrder();
    locks.take(LockRank.SaleRow);
    locks.take(LockRank.AnalyticsRollup);
    expect(locks.highest).toBe(LockRank.AnalyticsRollup);
  });

  it('refuses a rank lower than one held, naming both', () => {
    const locks = new LockOrder();
    locks.take(LockRank.SaleCounter);
    expect(() => locks.take(LockRank.StockLevels)).toThrow(LockOrderViolation);
    expect(() => locks.take(LockRank.StockLevels)).toThrow('lock order: StockLevels taken after SaleCounter');
  });

  // The enum is the documented order: each rank's comment says what it guards, in the order locks are taken.
  const declared = Object.keys(LockRank).filter((key) => Number.isNaN(Number(key))) as (keyof typeof LockRank)[];

  it('declares each rank with its own value, in ascending order, so the enum reads as the lock order', () => {
    const values = declared.map((name) => LockRank[name]);
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('refuses every rank below each rank held, and allows every rank above', () => {
    for (const [i, held] of declared.entries()) {
      for (const [j, next] of declared.entries()) {
        const locks = new LockOrder();
        locks.take(LockRank[held]);
        if (j < i) expect(() => locks.take(LockRank[next])).toThrow(`lock order: ${next} taken after ${held}`);
        else expect(() => locks.take(LockRank[next])).not.toThrow();
      }
    }
  });

  it('every rank is taken by some code path (a rank nobody takes documents an order nothing follows)', () => {
    const sources = readdirSync(join(__dirname, '..'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('lock-order.ts'))
      .map((file) => readFileSync(join(__dirname, '..', file), 'utf8'))
      .join('\n');
    expect(declared.filter((name) => !new RegExp(`LockRank\\.${name}\\b`).test(sources))).toEqual([]);
  });
});
