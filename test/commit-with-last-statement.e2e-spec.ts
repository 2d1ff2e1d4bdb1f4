import { IdempotentRequest, idempotentRequests } from '../src/common/idempotency/idempotent-request';
import { UnitOfWork } from '../src/database/unit-of-work';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const TAKE_SKU_NUMBER = `UPDATE business_counters SET value = value + 1 WHERE business_id = $1 AND name = 'sku' RETURNING value`;

/**
 * Issue 15: the order's numbered statement carries its COMMIT (Tx.preparedThenCommit), so the sale
 * counter is released by the server as soon as the statement has run. What a unit of work must keep:
 * all or nothing, nothing after the commit, and the ordinary commit when an outcome still has to be
 * written (a request with an Idempotency-Key).
 */
describe('a last statement that carries the COMMIT', () => {
  let t: TestApp;
  let uow: UnitOfWork;

  beforeAll(async () => {
    t = await startTestApp();
    uow = t.app.get(UnitOfWork);
  });
  afterAll(() => t.close());

  const skuCounter = async (biz: TestBusiness) =>
    Number((await t.db.query(`SELECT value FROM business_counters WHERE business_id = $1 AND name = 'sku'`, [biz.business_id]))[0].value);
  const categories = async (biz: TestBusiness) =>
    (await t.db.query(`SELECT name FROM categories WHERE business_id = $1`, [biz.business_id])).map((r: { name: string }) => r.name);

  it('has committed everything of the transaction when it returns, and refuses any statement after it', async () => {
    const biz = await createBusiness(t);
    const before = await skuCounter(biz);
    for (const round of [1, 2]) {
      // twice: the first run on a connection PREPAREs the statement, the next only EXECUTEs it
      await uow.run(async (tx) => {
        await tx.query(`INSERT INTO categories (business_id, name) VALUES ($1, $2)`, [biz.business_id, `C${round}`]);
        const [row] = await tx.preparedThenCommit<{ value: string }>(TAKE_SKU_NUMBER, [biz.business_id]);
        expect(Number(row.value)).toBe(before + round);
        // visible to every other connection before the unit of work has returned
        expect(await skuCounter(biz)).toBe(before + round);
        expect(await categories(biz)).toContain(`C${round}`);
        await expect(tx.query('SELECT 1')).rejects.toThrow('the transaction has committed with its last statement');
      });
    }
  });

  it('a last statement that fails writes nothing of the transaction', async () => {
    const biz = await createBusiness(t);
    const before = await skuCounter(biz);
    await expect(
      uow.run(async (tx) => {
        await tx.query(`INSERT INTO categories (business_id, name) VALUES ($1, 'Never')`, [biz.business_id]);
        await tx.preparedThenCommit(`${TAKE_SKU_NUMBER} / 0`, [biz.business_id]);
      }),
    ).rejects.toThrow('division by zero');
    expect(await skuCounter(biz)).toBe(before);
    expect(await categories(biz)).toEqual([]);
    // the connection is clean for the next unit of work
    await uow.run((tx) => tx.preparedThenCommit(TAKE_SKU_NUMBER, [biz.business_id]));
    expect(await skuCounter(biz)).toBe(before + 1);
  });

  it('with an Idempotency-Key the last statement of the work does not commit: the outcome is written after it, with the COMMIT', async () => {
    const biz = await createBusiness(t);
    const before = await skuCounter(biz);
    const keyed: IdempotentRequest = {
      scope: { businessId: biz.business_id, key: `k-${Date.now()}` },
      method: 'POST',
      path: '/api/v1/test',
      fingerprint: 'f',
      status: 201,
      committed: false,
    };
    await idempotentRequests.run(keyed, () =>
      uow.run(async (tx) => {
        await tx.preparedThenCommit(TAKE_SKU_NUMBER, [biz.business_id]);
        // not committed yet: another connection still sees the old value, and the transaction goes on
        expect(await skuCounter(biz)).toBe(before);
        await tx.query('SELECT 1');
        return { ok: true };
      }),
    );
    expect(await skuCounter(biz)).toBe(before + 1);
    expect(keyed.committed).toBe(true);
    const [stored] = await t.db.query(`SELECT response_body FROM idempotency_keys WHERE business_id = $1 AND key = $2`, [biz.business_id, keyed.scope.key]);
    expect(stored.response_body).toEqual({ ok: true });
  });
});
