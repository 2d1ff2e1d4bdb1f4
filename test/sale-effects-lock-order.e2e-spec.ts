import { LockOrder, LockRank } from '../src/database/lock-order';
import { SaleEffect, saleEffectRankProblem, SaleShape } from '../src/modules/orders/sale-effect';
import { seedProduct } from './helpers/orders-fixtures';
import { arrangeShape, orderBodyOf, registeredSaleEffects, registeredSaleShapes, shapeName } from './helpers/sale-shapes';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * The lock-rank rule of the sale effects (database/lock-order.ts), for every effect the app
 * registered: each combination of their shapes goes through an order, a partial return and a
 * cancellation, where `tx.locks` refuses (a 500) any lock taken below one held. A new effect whose
 * rank breaks the order (below ReturnCounter, which a return holds when it runs the undo; a check's
 * lock above SaleCounter) fails here, and the locks each path took show every effect ran its lock.
 */
describe('sale effects: every registered effect through an order, a return and a cancellation, in lock order', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let effects: SaleEffect[];
  const taken: Record<'order' | 'return' | 'cancel', Set<LockRank>> = { order: new Set(), return: new Set(), cancel: new Set() };
  let takes: jest.SpyInstance<void, [LockRank]>;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    effects = registeredSaleEffects(t);
    // the app runs in this process: the ranks its transactions take (calling through to LockOrder)
    takes = jest.spyOn(LockOrder.prototype, 'take');
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    // a misranked effect stops the app from starting: there is then nothing to close
    if (t) await t.close();
  });

  it('declares its rank by the rule (the app would not start otherwise)', () => {
    expect(effects.length).toBeGreaterThanOrEqual(4);
    expect(effects.map(saleEffectRankProblem).filter(Boolean)).toEqual([]);
  });

  async function orderReturnCancel(shape: SaleShape, tag: string): Promise<void> {
    const api = apiAs(t, biz);
    const product = await seedProduct(t, biz, { price: '120.00' });
    const inputs = await arrangeShape(t, biz, shape, tag);
    takes.mockClear();
    const order = await api.post('/orders', orderBodyOf(shape, [{ product_id: product, quantity: 3 }], tag, inputs));
    expect([shapeName(shape), 'order', order.status, order.body.error?.message]).toEqual([shapeName(shape), 'order', 201, undefined]);
    const { order_id, items } = order.body.data as { order_id: string; items: { id: string }[] };
    noteTaken('order');
    const returned = await api.post(`/orders/${order_id}/returns`, { items: [{ sale_item_id: items[0].id, quantity: 1 }] });
    expect([shapeName(shape), 'return', returned.status, returned.body.error?.message]).toEqual([shapeName(shape), 'return', 201, undefined]);
    noteTaken('return');
    const cancelled = await api.post(`/orders/${order_id}/cancel`, {});
    expect([shapeName(shape), 'cancel', cancelled.status, cancelled.body.error?.message]).toEqual([shapeName(shape), 'cancel', 200, undefined]);
    noteTaken('cancel');
  }

  /** The ranks taken since the last note, as `path`'s. */
  function noteTaken(path: keyof typeof taken): void {
    for (const [rank] of takes.mock.calls) taken[path].add(rank);
    takes.mockClear();
  }

  it('every combination of their shapes: the order, a return of part of it and the cancellation of the rest succeed', async () => {
    const shapes = registeredSaleShapes(t);
    for (const [i, shape] of shapes.entries()) await orderReturnCancel(shape, `lock${i}`);
  });

  it.each(['order', 'return', 'cancel'] as const)("the %s path took every effect's lock", (name) => {
    const locks = effects.map((e) => e.lock).filter((rank): rank is LockRank => rank !== null);
    expect(locks.filter((rank) => !taken[name].has(rank)).map((rank) => LockRank[rank])).toEqual([]);
  });
});
