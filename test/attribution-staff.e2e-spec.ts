import { seedProduct } from './helpers/orders-fixtures';
import { createStaff, signIn } from './helpers/staff-sessions';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** docs/api.md 19 and 20: what a signed-in member does is theirs: `created_by`, the activity entry, its origin. */
describe('attribution to a signed-in member', () => {
  let t: TestApp;
  let biz: TestBusiness;
  const api = '/api/v1';

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Attribution Shop');
  }, 60_000);
  afterAll(() => t.close());

  it("a cashier's sale and its return carry the cashier as created_by and actor, with the request's id, address and agent", async () => {
    const cashier = await createStaff(t, biz.business_id, { role: 'cashier' });
    const session = await signIn(t, cashier.email);
    const product = await seedProduct(t, biz, { name: 'Tea', sku: 'TEA', price: '4.00' });
    const sold = await t
      .http()
      .post(`${api}/orders`)
      .set(session.writes)
      .set('User-Agent', 'Till 3')
      .set('X-Request-Id', 'sale-by-cashier-1')
      .send({ items: [{ product_id: product, quantity: 2 }] })
      .expect(201);
    const member = { type: 'staff', id: cashier.memberId, name: cashier.name };
    expect(sold.body.data.created_by).toEqual(member);
    const read = await t.http().get(`${api}/orders/${sold.body.data.order_id}`).set(biz.auth).expect(200);
    expect(read.body.data.created_by).toEqual(member);

    const history = await t.http().get(`${api}/orders/${sold.body.data.order_id}/activity`).set(biz.auth).expect(200);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      actor: member,
      action: 'orders.create',
      resource: { type: 'order', id: sold.body.data.order_id, label: sold.body.data.order_number },
      request_id: 'sale-by-cashier-1',
      user_agent: 'Till 3',
    });
    expect(history.body.data[0].ip).toEqual(expect.any(String));

    const owner = await signIn(t, (await createStaff(t, biz.business_id, { role: 'owner' })).email);
    const returned = await t
      .http()
      .post(`${api}/orders/${sold.body.data.order_id}/returns`)
      .set(owner.writes)
      .send({ items: [{ sale_item_id: sold.body.data.items[0].id, quantity: 1 }], reason: 'damaged' })
      .expect(201);
    expect(returned.body.data.created_by.type).toBe('staff');
    expect(returned.body.data.created_by.id).not.toBe(cashier.memberId);
  });
});
