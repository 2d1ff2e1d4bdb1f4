import { LockRank } from '../../database/lock-order';
import { inLockOrder, SaleEffect, saleEffectRankProblem, saleShapes } from './sale-effect';

function effect(module: string, lock: LockRank | null, options: { check?: boolean; shapes?: SaleEffect['shapes'] } = {}): SaleEffect {
  return {
    module,
    lock,
    shapes: options.shapes ?? [],
    ...(options.check ? { checkSale: () => Promise.resolve() } : {}),
    addToSale: () => undefined,
    reverseSale: () => Promise.resolve(),
  };
}

describe('saleEffectRankProblem: the rule of database/lock-order.ts', () => {
  it('keeps ranks above the sale counter for parts of the numbered statement, and no lock at all', () => {
    expect(saleEffectRankProblem(effect('loyalty', LockRank.LoyaltyAccount))).toBeNull();
    expect(saleEffectRankProblem(effect('finance', null))).toBeNull();
    expect(saleEffectRankProblem(effect('giftCards', null, { check: true }))).toBeNull();
  });

  it('refuses a rank a return holds before the undo, or below it', () => {
    expect(saleEffectRankProblem(effect('x', LockRank.ReturnCounter))).toMatch('must rank above ReturnCounter');
    expect(saleEffectRankProblem(effect('x', LockRank.StockLevels, { check: true }))).toMatch('must rank above ReturnCounter');
  });

  it('puts a check’s lock between ReturnCounter and SaleCounter, and a numbered part’s above SaleCounter', () => {
    const band = (LockRank.ReturnCounter + 1) as LockRank;
    expect(saleEffectRankProblem(effect('x', band, { check: true }))).toBeNull();
    expect(saleEffectRankProblem(effect('x', LockRank.CustomerTotals, { check: true }))).toMatch('must rank below SaleCounter');
    expect(saleEffectRankProblem(effect('x', band))).toMatch('must rank above SaleCounter');
    expect(saleEffectRankProblem(effect('x', LockRank.SaleCounter))).toMatch('must rank above SaleCounter');
  });
});

describe('inLockOrder', () => {
  it('sorts by rank, unlocked last, by module among equals', () => {
    const order = inLockOrder([
      effect('finance', null),
      effect('invoices', LockRank.Invoice),
      effect('audit', null),
      effect('customers', LockRank.CustomerTotals),
    ]);
    expect(order.map((e) => e.module)).toEqual(['customers', 'invoices', 'audit', 'finance']);
  });
});

describe('saleShapes', () => {
  it('combines one shape of each effect, without repeats', () => {
    const shapes = saleShapes([
      effect('customers', null, { shapes: [{ customer: false }, { customer: true }] }),
      effect('loyalty', null, { shapes: [{ customer: false }, { customer: true }] }),
      effect('invoices', null, { shapes: [{ invoice: false }, { invoice: true }] }),
      effect('finance', null),
    ]);
    expect(shapes).toHaveLength(4);
    expect(shapes).toEqual(
      expect.arrayContaining([
        { customer: false, invoice: false },
        { customer: false, invoice: true },
        { customer: true, invoice: false },
        { customer: true, invoice: true },
      ]),
    );
  });

  it('adds the shapes a new effect brings', () => {
    const shapes = saleShapes([
      effect('invoices', null, { shapes: [{ invoice: false }, { invoice: true }] }),
      effect('giftCards', null, { shapes: [{}, { customer: true, paymentMethod: 'bank_transfer' }] }),
    ]);
    expect(shapes).toHaveLength(4);
  });

  it('keeps the inputs of every effect whose input the shape carries', () => {
    const shapes = saleShapes([
      effect('giftCards', null, { shapes: [{}, { inputs: ['giftCards'] }] }),
      effect('vouchers', null, { shapes: [{}, { inputs: ['vouchers'] }] }),
    ]);
    expect(shapes).toEqual([{}, { inputs: ['vouchers'] }, { inputs: ['giftCards'] }, { inputs: ['giftCards', 'vouchers'] }]);
  });
});
