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

  it('ranks are strictly increasing in the documented order', () => {
    const documented = [
      LockRank.SaleRow,
      LockRank.CustomerIdentity,
      LockRank.StockLevels,
      LockRank.SaleCounter,
      LockRank.CustomerTotals,
      LockRank.LoyaltyAccount,
      LockRank.Invoice,
      LockRank.AnalyticsRollup,
    ];
    expect([...documented].sort((a, b) => a - b)).toEqual(documented);
  });
});
