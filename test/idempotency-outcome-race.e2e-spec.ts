import request from 'supertest';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * Issue 30 point 2, docs/api.md 9: once an outcome is committed it is final. R1 (one unit of a product
 * out of stock, key K) fails with 422 and rolls back; at once R2 (same key, same body) and an
 * adjustment of +1 arrive, so R2 may claim K between R1's rollback and R1 storing its 422, and commit.
 * Each round then checks that what K replays agrees with what exists: a document made under K is what
 * every later request with K gets, and no answer of the round told the client 422 while it exists.
 */
const ROUNDS = 50;

interface Answer {
  status: number;
  replayed: boolean;
  body: any;
}

describe('Idempotency-Key: a rolled-back request never replaces a committed outcome (issue 30)', () => {
  let t: TestApp;
  const annexOf = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const send = (biz: TestBusiness, path: string, key: string | undefined, body: object): Promise<Answer> => {
    let req: request.Test = t.http().post(`/api/v1${path}`).set(biz.auth);
    if (key !== undefined) req = req.set('Idempotency-Key', key);
    return req.send(body).then((res) => ({ status: res.status, replayed: res.headers['idempotent-replayed'] === 'true', body: res.body }));
  };

  /** R1, then 0-5 ms later R2 and the restock at once; resolves when all three have answered. */
  async function race(biz: TestBusiness, path: string, key: string, body: object, productId: string, round: number): Promise<Answer[]> {
    const first = send(biz, path, key, body);
    await new Promise((resolve) => setTimeout(resolve, round % 6)); // a spread of offsets, not a synchronization
    const restock = send(biz, '/stock/adjustments', undefined, { product_id: productId, quantity: 1, reason: 'restock' });
    const second = send(biz, path, key, body);
    const answers = await Promise.all([first, second, restock]);
    expect(answers[2].status).toBe(201);
    return answers.slice(0, 2);
  }

  /**
   * Runs the rounds; `made` reads the id of the document the round's key made (null when none),
   * `idOf` the id in an answer's body. Returns how many rounds R1 failed while R2 made the document.
   */
  async function rounds(
    path: string,
    body: (biz: TestBusiness, productId: string) => object,
    made: (biz: TestBusiness, productId: string) => Promise<string[]>,
    idOf: (answer: Answer) => string,
  ) {
    const biz = await createBusiness(t);
    annexOf.set(biz.business_id, (await send(biz, '/warehouses', undefined, { name: 'Annex' })).body.data.id);
    const problems: string[] = [];
    let secondWon = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const productId = await seedProduct(t, biz, { stock: '0' });
      const key = `race-${round}`;
      const [r1, r2] = await race(biz, path, key, body(biz, productId), productId, round);
      const ids = await made(biz, productId);
      const later = await send(biz, path, key, body(biz, productId));
      const seen = `round ${round}: R1 ${r1.status}${r1.replayed ? ' (replay)' : ''}, R2 ${r2.status}${r2.replayed ? ' (replay)' : ''}, made ${ids.length}, later ${later.status}`;
      if (ids.length > 1) problems.push(`${seen}: two documents under one key`);
      if (!later.replayed) problems.push(`${seen}: the later request ran again`);
      if (ids.length === 1) {
        if (later.status !== 201 || idOf(later) !== ids[0])
          problems.push(`${seen}: the document exists, the key replays ${JSON.stringify(later.body).slice(0, 120)}`);
        for (const answer of [r1, r2])
          if (answer.status !== 201 || idOf(answer) !== ids[0]) problems.push(`${seen}: a client was told ${answer.status} although the document exists`);
        if (r2.status === 201 && !r2.replayed) secondWon++;
      } else if (later.status !== 422 || later.body.error.code !== 'INSUFFICIENT_STOCK') {
        problems.push(`${seen}: nothing was made, the key replays ${later.status}`);
      }
    }
    return { problems, secondWon };
  }

  it(`POST /orders, ${ROUNDS} rounds: the key replays the order that exists`, async () => {
    const { problems, secondWon } = await rounds(
      '/orders',
      (_biz, productId) => ({ items: [{ product_id: productId, quantity: 1 }] }),
      async (biz, productId) =>
        (await t.db.query(`SELECT sale_id AS id FROM sale_items WHERE business_id = $1 AND product_id = $2`, [biz.business_id, productId])).map(
          (r: { id: string }) => r.id,
        ),
      (answer) => answer.body.data?.order_id,
    );
    expect(problems).toEqual([]);
    expect(secondWon).toBeGreaterThan(0); // the race was run: in some rounds R2, sent after R1, made the order
  }, 120_000);

  it(`POST /stock/transfers, ${ROUNDS} rounds: the key replays the transfer that exists`, async () => {
    const { problems, secondWon } = await rounds(
      '/stock/transfers',
      (biz, productId) => ({
        from_warehouse_id: biz.warehouse_id,
        to_warehouse_id: annexOf.get(biz.business_id),
        items: [{ product_id: productId, quantity: 1 }],
      }),
      async (biz, productId) =>
        (await t.db.query(`SELECT transfer_id AS id FROM transfer_items WHERE business_id = $1 AND product_id = $2`, [biz.business_id, productId])).map(
          (r: { id: string }) => r.id,
        ),
      (answer) => answer.body.data?.id,
    );
    expect(problems).toEqual([]);
    expect(secondWon).toBeGreaterThan(0);
  }, 120_000);
});
