import { Client } from 'pg';
import { defineStatement } from '../src/database/statement';
import { Tx } from '../src/database/transaction';
import { UnitOfWork } from '../src/database/unit-of-work';
import { Category } from '../src/modules/categories/entities/category.entity';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const INSERT_CATEGORY = `INSERT INTO categories (business_id, name) VALUES ($1, $2) RETURNING name`;
const insertCategory = defineStatement<[businessId: string, name: string], { name: string }>('test.insertCategory', INSERT_CATEGORY);

/**
 * Issue 15: a unit of work's BEGIN travels with its first statement (DeferredBegin), as its COMMIT
 * travels with the last. What it must keep: every statement inside the transaction, all or nothing,
 * and no message at all for a unit of work that sends nothing.
 */
describe('the BEGIN sent with the first statement', () => {
  let t: TestApp;
  let uow: UnitOfWork;

  beforeAll(async () => {
    t = await startTestApp();
    uow = t.app.get(UnitOfWork);
  });
  afterAll(() => t.close());

  /** The unit of work's result and the texts its own connection was sent, in order. */
  async function sentBy<T>(work: (tx: Tx) => Promise<T>): Promise<{ result?: T; error?: Error; messages: string[] }> {
    const sent: Array<{ client: Client; text: string }> = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the client it was called on, below
    const original = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const [query] = args as [string | { text: string }];
      sent.push({ client: this, text: typeof query === 'string' ? query : query.text });
      return original.apply(this, args) as never;
    });
    let own: Client | undefined;
    try {
      const result = await uow.run(async (tx) => {
        own = (await tx.manager.queryRunner!.connect()) as Client;
        return work(tx);
      });
      return { result, messages: sent.filter((m) => m.client === own).map((m) => m.text) };
    } catch (error) {
      return { error: error as Error, messages: sent.filter((m) => m.client === own).map((m) => m.text) };
    } finally {
      spy.mockRestore();
    }
  }

  const categories = async (biz: TestBusiness) =>
    (await t.db.query(`SELECT name FROM categories WHERE business_id = $1 ORDER BY name`, [biz.business_id])).map((r: { name: string }) => r.name);
  const withoutPrepare = (messages: string[]) => messages.filter((m) => !m.startsWith('PREPARE '));

  it('a registered first statement carries the BEGIN in its own message, and runs inside the transaction', async () => {
    const biz = await createBusiness(t);
    for (const round of [1, 2]) {
      // twice: the first run on a connection PREPAREs the statement, the next only EXECUTEs it
      const { error, messages } = await sentBy(async (tx) => {
        await tx.prepared(INSERT_CATEGORY, [biz.business_id, `Rolled back ${round}`]);
        throw new Error('after the first statement');
      });
      expect(error?.message).toBe('after the first statement');
      const [first, ...rest] = withoutPrepare(messages);
      expect(first).toMatch(/^BEGIN; EXECUTE b_s_[0-9a-f]+\(/);
      expect(rest).toEqual(['ROLLBACK']);
    }
    // had the first statement run outside the transaction, its row would have stayed
    expect(await categories(biz)).toEqual([]);
  });

  it('a first statement through a repository has the BEGIN sent just before it, and is rolled back with the rest', async () => {
    const biz = await createBusiness(t);
    const { error, messages } = await sentBy(async (tx) => {
      await tx.getRepository(Category).insert({ businessId: biz.business_id, name: 'Through the repository' });
      await tx.prepared(INSERT_CATEGORY, [biz.business_id, 'Second']);
      throw new Error('after two statements');
    });
    expect(error?.message).toBe('after two statements');
    expect(messages[0]).toBe('BEGIN');
    expect(messages[1]).toMatch(/^INSERT INTO "categories"/);
    expect(messages.at(-1)).toBe('ROLLBACK');
    expect(messages.filter((m) => m === 'BEGIN' || m.startsWith('BEGIN;'))).toHaveLength(1);
    expect(await categories(biz)).toEqual([]);
  });

  it("a Tx made on the unit of work's manager sends the BEGIN first too, in its one-message statements as well", async () => {
    const biz = await createBusiness(t);
    const { error, messages } = await sentBy(async (tx) => {
      // as a reader does (ProductReader.within): its own Tx on the transaction's manager
      await new Tx(tx.manager).runOnGenericPlan(insertCategory, [biz.business_id, 'Through another Tx']);
      throw new Error('after the first statement');
    });
    expect(error?.message).toBe('after the first statement');
    const [first, ...rest] = withoutPrepare(messages);
    // (on Citus the statement is planned with its values: forCitus, database/transaction.ts)
    const planMode = process.env.TEST_CITUS_WORKERS ? 'force_custom_plan' : 'force_generic_plan';
    expect(first).toMatch(new RegExp(`^BEGIN; SET LOCAL plan_cache_mode TO ${planMode}; .*EXECUTE g_s_[0-9a-f]+\\(`));
    expect(rest).toEqual(['ROLLBACK']);
    // sent without the BEGIN, the message would have been a transaction of its own, committed
    expect(await categories(biz)).toEqual([]);
  });

  it('commits what the unit of work wrote, the first statement included', async () => {
    const biz = await createBusiness(t);
    const { result, messages } = await sentBy(async (tx) => {
      await tx.prepared(INSERT_CATEGORY, [biz.business_id, 'A']);
      await tx.query(INSERT_CATEGORY, [biz.business_id, 'B']);
      return 'done';
    });
    expect(result).toBe('done');
    expect(withoutPrepare(messages)[0]).toMatch(/^BEGIN; EXECUTE /);
    expect(messages.at(-1)).toBe('COMMIT');
    expect(await categories(biz)).toEqual(['A', 'B']);
  });

  it('a unit of work of one statement that carries the COMMIT is one message', async () => {
    const biz = await createBusiness(t);
    const { messages } = await sentBy((tx) => tx.preparedThenCommit(INSERT_CATEGORY, [biz.business_id, 'Alone']));
    expect(withoutPrepare(messages)).toEqual([expect.stringMatching(/^BEGIN; EXECUTE c_s_[0-9a-f]+\(.*\); COMMIT$/)]);
    expect(await categories(biz)).toEqual(['Alone']);
  });

  it('a unit of work that sends nothing sends no BEGIN, COMMIT or ROLLBACK', async () => {
    expect((await sentBy(() => Promise.resolve('nothing to do'))).messages).toEqual([]);
    const failed = await sentBy(() => Promise.reject(new Error('refused before any statement')));
    expect(failed.error?.message).toBe('refused before any statement');
    expect(failed.messages).toEqual([]);
  });

  it('a first statement that fails writes nothing and leaves the connection clean', async () => {
    const biz = await createBusiness(t);
    const { error } = await sentBy((tx) =>
      tx.prepared(`${INSERT_CATEGORY} / 0`.replace('RETURNING name', 'RETURNING length(name)'), [biz.business_id, 'Never']),
    );
    expect(error?.message).toBe('division by zero');
    // every connection of the pool takes the next units of work inside a transaction again
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        uow.run(async (tx) => {
          await tx.prepared(INSERT_CATEGORY, [biz.business_id, `After ${String(i).padStart(2, '0')}`]);
          await tx.query(`SELECT 1`);
        }),
      ),
    );
    expect(await categories(biz)).toEqual(Array.from({ length: 12 }, (_, i) => `After ${String(i).padStart(2, '0')}`));
  });
});
