import { ChildProcess } from 'child_process';
import { DataSource, QueryRunner } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { provisionBusiness, ProvisionedBusiness } from '../src/modules/businesses/business-provisioning';
import { IMPORT_CHUNK_ROWS } from '../src/modules/imports/import-runner';
import { freePort, startUntil, TS_NODE, waitForExit } from './helpers/processes';
import { cloneTemplateDatabase } from './helpers/test-app';

/** Five chunks, the locked product in the middle of the fourth. */
const ROWS = 5 * IMPORT_CHUNK_ROWS;
const LOCKED_ROW = 3.5 * IMPORT_CHUNK_ROWS;

/**
 * docs/api.md 23: an apply's progress survives a restart. A real server (`ts-node src/main.ts`) is
 * killed (SIGKILL) in the middle of an apply, held there by a lock the test takes on a product of its
 * fourth chunk; two new processes start, one takes the import up again (the claim keeps the other
 * off), and the import ends with exactly the file's rows: no chunk applied twice, none lost.
 */
describe('an import applied across a restart', () => {
  let ds: DataSource;
  let databaseUrl: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    databaseUrl = await cloneTemplateDatabase();
    ds = await new DataSource(dataSourceOptions(databaseUrl, 3)).initialize();
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => waitForExit(child).catch(() => child.kill('SIGKILL'))));
    await ds?.destroy();
  });

  async function server(): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ANALYTICS_WARM_INTERVAL_MS: '0',
      IMPORT_RESUME_INTERVAL_MS: '300',
    };
    const { child } = await startUntil(TS_NODE[0], [TS_NODE[1], 'src/main.ts'], { env }, /listening on/, 90_000);
    children.push(child);
    return { child, base: `http://127.0.0.1:${port}/api/v1` };
  }

  const get = async (base: string, biz: ProvisionedBusiness, path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${biz.api_key}` } });
    return (await res.json()) as { data: Record<string, any> };
  };

  async function until(check: () => Promise<boolean>, what: string, ms = 120_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('resumes an interrupted apply when the server starts again and ends with exactly the file rows', async () => {
    const biz = await ds.transaction((m) => provisionBusiness(m, { name: 'Restart' }));
    await ds.query(`INSERT INTO products (business_id, sku, name, price) VALUES ($1, 'LOCKED', 'Held', 1)`, [biz.business_id]);
    const lines = ['sku,name,price'];
    for (let row = 1; row <= ROWS; row++) lines.push(row === LOCKED_ROW ? 'LOCKED,Held again,2' : `,Product ${row},${row}.50`);
    const first = await server();

    const form = new FormData();
    form.append('kind', 'products');
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'restart.csv');
    const created = await fetch(`${first.base}/imports`, { method: 'POST', headers: { Authorization: `Bearer ${biz.api_key}` }, body: form });
    expect(created.status).toBe(202);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    await until(async () => (await get(first.base, biz, `/imports/${id}`)).data.status === 'ready', 'ready');

    // the product of LOCKED_ROW held: the apply stops in its fourth chunk, three committed
    const holder: QueryRunner = ds.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT 1 FROM products WHERE business_id = $1 AND sku = 'LOCKED' FOR UPDATE`, [biz.business_id]);
    const applied = await fetch(`${first.base}/imports/${id}/apply`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${biz.api_key}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(applied.status).toBe(202);
    await until(async () => (await get(first.base, biz, `/imports/${id}`)).data.progress.done === 3 * IMPORT_CHUNK_ROWS, 'three chunks');
    first.child.kill('SIGKILL');
    await waitForExit(first.child);
    const [mid] = await ds.query(`SELECT status, progress_done FROM imports WHERE business_id = $1 AND id = $2`, [biz.business_id, id]);
    expect(mid).toEqual({ status: 'applying', progress_done: 3 * IMPORT_CHUNK_ROWS });
    // three chunks' products and the locked one
    expect(Number((await ds.query(`SELECT count(*) AS n FROM products WHERE business_id = $1`, [biz.business_id]))[0].n)).toBe(3 * IMPORT_CHUNK_ROWS + 1);

    // two processes start; one of them takes the apply up where it stopped
    const [second] = await Promise.all([server(), server()]);
    await holder.commitTransaction();
    await holder.release();
    await until(async () => (await get(second.base, biz, `/imports/${id}`)).data.status === 'done', 'done');
    const done = (await get(second.base, biz, `/imports/${id}`)).data;
    expect(done).toMatchObject({
      status: 'done',
      rows: ROWS,
      summary: { create: ROWS - 1, update: 1, unchanged: 0, error: 0 },
      progress: { done: ROWS, total: ROWS },
    });
    const [products] = await ds.query(`SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM products WHERE business_id = $1`, [biz.business_id]);
    expect(products).toEqual({ n: ROWS, names: ROWS });
    const held = await ds.query(`SELECT name, price::text AS price FROM products WHERE business_id = $1 AND sku = 'LOCKED'`, [biz.business_id]);
    expect(held).toEqual([{ name: 'Held again', price: '2.00' }]);
    const events = await ds.query(`SELECT count(*)::int AS n FROM outbox_events WHERE business_id = $1 AND type = 'import.completed'`, [biz.business_id]);
    expect(events).toEqual([{ n: 1 }]);
  }, 300_000);
});
