import { snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/** The snapshot that "nothing was written" tests compare: what background work sets afterwards is not a write. */
describe('business snapshots', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it("ignores an event's dispatched_at and a key's last_used_at; sees any other change of their rows", async () => {
    const biz = await createBusiness(t, 'Snapshot Shop');
    const api = apiAs(t, biz);
    const product = (await api.post('/products', { name: 'Tea', price: 4 }).expect(201)).body.data.id as string;
    await api.post('/stock/adjustments', { product_id: product, warehouse_id: biz.warehouse_id, quantity: 5, reason: 'restock' }).expect(201);
    const before = await snapshotBusiness(t.db, biz.business_id);
    expect(before.outbox_events.rows).toBeGreaterThan(0);

    await t.db.query(`UPDATE outbox_events SET dispatched_at = now() - interval '1 second' WHERE business_id = $1`, [biz.business_id]);
    await t.db.query(`UPDATE api_keys SET last_used_at = now() WHERE business_id = $1`, [biz.business_id]);
    expect(snapshotDiff(before, await snapshotBusiness(t.db, biz.business_id))).toEqual({});

    await t.db.query(`UPDATE outbox_events SET data = data || '{"x": 1}' WHERE business_id = $1`, [biz.business_id]);
    await t.db.query(`UPDATE api_keys SET name = 'Renamed' WHERE business_id = $1`, [biz.business_id]);
    expect(Object.keys(snapshotDiff(before, await snapshotBusiness(t.db, biz.business_id))).sort()).toEqual(['api_keys', 'outbox_events']);
  });
});
