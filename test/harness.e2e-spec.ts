import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Client } from 'pg';
import { ROOT, runCommand } from './helpers/processes';
import { cloneTemplateDatabase } from './helpers/test-app';

/**
 * The test harness itself: jest's globalSetup prepares a migrated template database that each spec
 * clones, so a spec runs on its own (`npx jest <file>`, an IDE), and globalTeardown removes every
 * database of the run and an embedded server with its files.
 */
describe('the test harness', () => {
  it('gives each spec a clone of the migrated template', async () => {
    const url = await cloneTemplateDatabase();
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0].n).toBeGreaterThan(5);
    } finally {
      await client.end();
    }
  });

  if (process.env.HARNESS_CHILD === '1') return; // the run below is of this very file: no recursion

  /** The test databases of other runs than this one (this run's are removed by its own teardown). */
  async function otherRunsDatabases(): Promise<string[]> {
    const ownRun = process.env.TEST_TEMPLATE_DB!.replace(/_tpl$/, '');
    const client = new Client({ connectionString: `${process.env.TEST_SERVER_URL}/postgres` });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'bo\\_test\\_%' ORDER BY 1`);
      return rows.map((r) => r.datname).filter((name) => !name.startsWith(ownRun));
    } finally {
      await client.end();
    }
  }

  it('`npx jest <file>` runs one spec on its own and leaves no database behind', async () => {
    const before = await otherRunsDatabases();
    const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const env = { ...process.env, HARNESS_CHILD: '1', TEST_SERVER_URL: '', TEST_TEMPLATE_DB: '' };
    const run = await runCommand(process.execPath, [jest, '--config', 'jest.config.js', 'test/harness.e2e-spec.ts'], env, 120_000);
    expect({ code: run.code, passed: run.stderr.includes('1 passed') }).toEqual({ code: 0, passed: true });
    expect(await otherRunsDatabases()).toEqual(before);
  }, 120_000);

  it('with TEST_EMBEDDED=1 it starts its own PostgreSQL and removes it, data directory included', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('bo-test-pg-')));
    const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const env = { ...process.env, HARNESS_CHILD: '1', TEST_EMBEDDED: '1', TEST_SERVER_URL: '', TEST_TEMPLATE_DB: '' };
    const run = await runCommand(process.execPath, [jest, '--config', 'jest.config.js', 'test/harness.e2e-spec.ts'], env, 180_000);
    if (run.code !== 0) process.stderr.write(`the embedded run's output:\n${run.stderr.slice(-4000)}\n`);
    expect({ code: run.code, embedded: run.stderr.includes('TEST_EMBEDDED=1: starting an embedded one') }).toEqual({ code: 0, embedded: true });
    const left = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('bo-test-pg-') && !before.has(name));
    expect(left).toEqual([]);
  }, 180_000);
});
