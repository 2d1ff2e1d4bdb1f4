import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** GET /orders?number= (docs/api.md 21): a sale found by its number, exactly, in any letter case. */
describe('GET /orders?number=', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  const ids: string[] = [];
  let theirs: string;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Numbered Shop');
    other = await createBusiness(t, 'Other Numbered Shop');
    const product = await seedProduct(t, biz, { price: '3.00' });
    for (let i = 0; i < 3; i++) ids.push((await order(biz, { items: [{ product_id: product, quantity: i + 1 }] })).order_id);
    await t.http().post(`/api/v1/orders/${ids[1]}/cancel`).set(biz.auth).send({}).expect(200);
    const theirProduct = await seedProduct(t, other, { price: '1.00' });
    theirs = (await order(other, { items: [{ product_id: theirProduct, quantity: 1 }] })).order_id;
  });
  afterAll(() => t.close());

  const order = async (as: TestBusiness, body: object) => (await t.http().post('/api/v1/orders').set(as.auth).send(body).expect(201)).body.data;
  const list = (query: string, as: TestBusiness = biz) => t.http().get(`/api/v1/orders?${query}`).set(as.auth);
  const found = async (query: string, as: TestBusiness = biz) => {
    const res = await list(query, as).expect(200);
    expect(res.body.meta.total).toBe(res.body.data.length);
    return res.body.data.map((o: { order_id: string }) => o.order_id);
  };

  it('finds the order of that number, in any letter case', async () => {
    expect(await found('number=S-0002')).toEqual([ids[1]]);
    expect(await found('number=s-0003')).toEqual([ids[2]]);
    const [one] = (await list('number=S-0001').expect(200)).body.data;
    expect(one).toEqual((await t.http().get(`/api/v1/orders/${ids[0]}`).set(biz.auth).expect(200)).body.data);
  });

  it('combines with the other filters', async () => {
    expect(await found('number=S-0002&status=cancelled')).toEqual([ids[1]]);
    expect(await found('number=S-0002&status=completed')).toEqual([]);
    expect(await found('number=S-0003&status=completed&per_page=5&page=1')).toEqual([ids[2]]);
    const past = (await list('number=S-0003&page=2').expect(200)).body;
    expect([past.data, past.meta.total]).toEqual([[], 1]);
  });

  it('is exact: a number not taken, a part of one, or no number at all lists nothing', async () => {
    for (const number of ['S-0004', 'S-000', 'S-00003', 'S-3', '0003', 'X-0003', 'S', 'S-0003%20', `S-${'9'.repeat(30)}`]) {
      expect([number, await found(`number=${number}`)]).toEqual([number, []]);
    }
  });

  it("never finds another business's order: each business finds its own under the same number", async () => {
    expect(await found('number=S-0001', other)).toEqual([theirs]);
    expect(await found('number=S-0002', other)).toEqual([]);
  });

  it('an empty or too long number is a 400', async () => {
    expect((await list('number=').expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    expect((await list(`number=S-${'1'.repeat(40)}`).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
  });

  it('the CSV export takes it too', async () => {
    const csv = await t.http().get('/api/v1/orders/export?number=s-0002').set(biz.auth).expect(200);
    expect(csv.text).toContain(ids[1]);
    for (const id of [ids[0], ids[2], theirs]) expect(csv.text).not.toContain(id);
    const none = await t.http().get('/api/v1/orders/export?number=S-0009').set(biz.auth).expect(200);
    for (const id of [...ids, theirs]) expect(none.text).not.toContain(id);
  });
});
