import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * `cli verify` on money (issue 30): supplier payments never above a purchase order's payable, and an
 * order's refunds reconcilable with its returns, its cancellation and its shipping. Each check is
 * clean on a history built through the API and reports a row tampered through SQL.
 */
describe('cli verify: payments and refunds', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = async (biz: TestBusiness, path: string, body: object, status = 201) =>
    (await t.http().post(`/api/v1${path}`).set(biz.auth).send(body).expect(status)).body.data;
  const driftOf = async (biz: TestBusiness) => (await verifyLedgers(t.db, biz.business_id)).drift;
  /** The kinds of drift while `sql` is applied, then undone by `undo`. */
  const tampered = async (biz: TestBusiness, sql: string, undo: string) => {
    await t.db.query(sql, [biz.business_id]);
    const kinds = (await driftOf(biz)).map((d: any) => d.kind).sort();
    await t.db.query(undo, [biz.business_id]);
    return kinds;
  };

  it('supplier payments: reconciled with paid_amount, never above the total or, once cancelled, min(total, value received)', async () => {
    const biz = await createBusiness(t, 'Verify Payer');
    const supplier = await post(biz, '/suppliers', { name: 'Mill' });
    const flour = await seedProduct(t, biz, { name: 'Flour', stock: null });
    const order = async (quantity: number, unitCost: number) => {
      const po = await post(biz, '/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: flour, quantity, unit_cost: unitCost }] });
      await t.http().post(`/api/v1/purchase-orders/${po.id}/submit`).set(biz.auth).send({}).expect(200);
      return po;
    };
    // paid in full while ordered, then cancelled with 1 of 4 received: paid stays above the payable, legitimately
    const prepaid = await order(4, 2.5);
    await post(biz, `/purchase-orders/${prepaid.id}/payments`, { amount: 10 });
    await post(biz, `/purchase-orders/${prepaid.id}/receipts`, { items: [{ purchase_order_item_id: prepaid.items[0].id, quantity: 1 }] });
    await t.http().post(`/api/v1/purchase-orders/${prepaid.id}/cancel`).set(biz.auth).send({}).expect(200);
    // cancelled with 2 of 5 received at 1.00 (payable 2.00), then paid 1.50
    const po = await order(5, 1);
    await post(biz, `/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 2 }] });
    await t.http().post(`/api/v1/purchase-orders/${po.id}/cancel`).set(biz.auth).send({}).expect(200);
    await post(biz, `/purchase-orders/${po.id}/payments`, { amount: 1.5 });
    expect(await driftOf(biz)).toEqual([]);

    // paid_amount no longer the sum of its payments
    expect(
      await tampered(
        biz,
        `UPDATE purchase_orders SET paid_amount = 1.75 WHERE business_id = $1 AND id = '${po.id}'`,
        `UPDATE purchase_orders SET paid_amount = 1.50 WHERE business_id = $1 AND id = '${po.id}'`,
      ),
    ).toEqual(['purchase_order_payments']);
    // paid after it was cancelled beyond the value received (2.00), payments and paid_amount agreeing
    const both = (amount: string) =>
      `WITH f AS (UPDATE finance_transactions SET amount = ${amount} WHERE business_id = $1 AND reference_id = '${po.id}')
       UPDATE purchase_orders SET paid_amount = ${amount} WHERE business_id = $1 AND id = '${po.id}'`;
    expect(await tampered(biz, both('3.00'), both('1.50'))).toEqual(['purchase_order_overpaid']);
    const drift = (await (async () => {
      await t.db.query(both('3.00'), [biz.business_id]);
      const d = await driftOf(biz);
      await t.db.query(both('1.50'), [biz.business_id]);
      return d;
    })()) as any[];
    expect(drift).toEqual([{ kind: 'purchase_order_overpaid', business_id: biz.business_id, purchase_order_id: po.id, expected: 2, actual: 3 }]);
    // the prepaid order paid more after its cancellation than it had when cancelled
    expect(
      await tampered(
        biz,
        `UPDATE purchase_orders SET paid_at_cancel = 9 WHERE business_id = $1 AND id = '${prepaid.id}'`,
        `UPDATE purchase_orders SET paid_at_cancel = 10 WHERE business_id = $1 AND id = '${prepaid.id}'`,
      ),
    ).toEqual(['purchase_order_overpaid']);
    expect(await driftOf(biz)).toEqual([]);
  });

  it("an order's refunds: its returns plus its cancellation's refund are its refunded amount; shipping refunded at most once", async () => {
    const biz = await createBusiness(t, 'Verify Refunds');
    const p = await seedProduct(t, biz, { price: '10.00', stock: null });
    await post(biz, '/stock/adjustments', { product_id: p, quantity: 50, reason: 'restock' });
    // returned in part, then cancelled: 10 by the return, 15 by the cancellation (total 25)
    const cancelled = await post(biz, '/orders', { items: [{ product_id: p, quantity: 2 }], shipping_amount: 5 });
    await post(biz, `/orders/${cancelled.order_id}/returns`, { items: [{ sale_item_id: cancelled.items[0].id, quantity: 1 }] });
    await t.http().post(`/api/v1/orders/${cancelled.order_id}/cancel`).set(biz.auth).send({}).expect(200);
    // returned in full without its shipping, then the shipping alone
    const shipped = await post(biz, '/orders', { items: [{ product_id: p, quantity: 2 }], shipping_amount: 4 });
    await post(biz, `/orders/${shipped.order_id}/returns`, { items: [{ sale_item_id: shipped.items[0].id, quantity: 2 }] });
    const shipping = await post(biz, `/orders/${shipped.order_id}/returns`, { items: [], refund_shipping: true });
    expect(shipping.total).toBe(4);
    expect(await driftOf(biz)).toEqual([]);

    // a cancelled order whose return says more than was refunded for it
    expect(
      await tampered(
        biz,
        `UPDATE returns SET total = 12 WHERE business_id = $1 AND sale_id = '${cancelled.order_id}'`,
        `UPDATE returns SET total = 10 WHERE business_id = $1 AND sale_id = '${cancelled.order_id}'`,
      ),
    ).toEqual(['order_returns_refunded']);
    // the cancellation's refund changed (and the order's refunds with it)
    expect(
      await tampered(
        biz,
        `UPDATE finance_transactions f SET amount = 14 FROM sales s
          WHERE f.business_id = $1 AND s.business_id = f.business_id AND s.id = f.sale_id AND f.created_at = s.cancelled_at AND f.type = 'refund'`,
        `UPDATE finance_transactions f SET amount = 15 FROM sales s
          WHERE f.business_id = $1 AND s.business_id = f.business_id AND s.id = f.sale_id AND f.created_at = s.cancelled_at AND f.type = 'refund'`,
      ),
    ).toEqual(['order_refund', 'order_returns_refunded']);
    // the shipping refunded by two returns
    const [goods] = await t.db.query(`SELECT id FROM returns WHERE business_id = $1 AND sale_id = $2 AND shipping_amount = 0`, [
      biz.business_id,
      shipped.order_id,
    ]);
    expect(
      await tampered(
        biz,
        `UPDATE returns SET shipping_amount = 4 WHERE business_id = $1 AND id = '${goods.id}'`,
        `UPDATE returns SET shipping_amount = 0 WHERE business_id = $1 AND id = '${goods.id}'`,
      ),
    ).toEqual(['order_shipping_refunded']);
    // the order says its shipping was not refunded although a return refunded it
    expect(
      await tampered(
        biz,
        `UPDATE sales SET shipping_refunded = false WHERE business_id = $1 AND id = '${shipped.order_id}'`,
        `UPDATE sales SET shipping_refunded = true WHERE business_id = $1 AND id = '${shipped.order_id}'`,
      ),
    ).toEqual(['order_shipping_refunded']);
    expect(await driftOf(biz)).toEqual([]);
  });
});
