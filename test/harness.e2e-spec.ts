import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Client } from 'pg';
import { ROOT, runCommand } from './helpers/processes';
import { adminQuery } from './helpers/admin-query';
import { cloneTemplateDatabase } from './helpers/test-app';

/**
 * The test harness itself: jest's globalSetup prepares a migrated template database that each spec
 * clones, so a spec runs on its own (`npx jest <file>`, an IDE), and globalTeardown removes every
 * database of the run and an embedded server with its files.
 */
describe('the test harness', () => {
  it('gives each spec a clone of the migrated template, named after its run', async () => {
    expect(process.env.TEST_TEMPLATE_DB).toBe(`${process.env.TEST_RUN_ID}_tpl`);
    const url = await cloneTemplateDatabase();
    expect(new URL(url).pathname.slice(1).startsWith(`${process.env.TEST_RUN_ID}_`)).toBe(true);
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

  /** The databases of one run: another run on the same server (one of another checkout) is none of its business. */
  async function databasesOf(runId: string): Promise<string[]> {
    const client = new Client({ connectionString: `${process.env.TEST_SERVER_URL}/postgres` });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY 1', [`${runId}_`]);
      return rows.map((r) => r.datname);
    } finally {
      await client.end();
    }
  }

  /** A nested run of this file with a run id of its own (never the id of the run it is nested in). */
  function childRun(extraEnv: NodeJS.ProcessEnv, timeoutMs: number) {
    const runId = `bo_test_harness_${Date.now().toString(36)}_${process.pid}`;
    const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    // what this run's globalSetup found is the child's to find again (the Citus workers too)
    const env = { ...process.env, ...extraEnv, HARNESS_CHILD: '1', TEST_RUN_ID: runId, TEST_SERVER_URL: '', TEST_TEMPLATE_DB: '', TEST_CITUS_WORKERS: '' };
    return { runId, done: runCommand(process.execPath, [jest, '--config', 'jest.config.js', 'test/harness.e2e-spec.ts'], env, timeoutMs) };
  }

  it('`npx jest <file>` runs one spec on its own and leaves no database behind', async () => {
    const child = childRun({}, 120_000);
    // another run on the same server makes a database meanwhile: none of this run's business
    const decoy = `bo_test_decoy_${process.pid}_tpl`;
    await adminQuery(`CREATE DATABASE "${decoy}"`);
    try {
      const run = await child.done;
      expect({ code: run.code, passed: run.stderr.includes('1 passed') }).toEqual({ code: 0, passed: true });
      expect(await databasesOf(child.runId)).toEqual([]);
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS "${decoy}"`);
    }
  }, 120_000);

  it('with TEST_EMBEDDED=1 it starts its own PostgreSQL and removes it, data directory included', async () => {
    // an embedded server is a plain PostgreSQL, also in a run on Citus
    const child = childRun({ TEST_EMBEDDED: '1', CITUS: '', TEST_DATABASE_URL: '' }, 180_000);
    const run = await child.done;
    if (run.code !== 0) process.stderr.write(`the embedded run's output:\n${run.stderr.slice(-4000)}\n`);
    expect({ code: run.code, embedded: run.stderr.includes('TEST_EMBEDDED=1: starting an embedded one') }).toEqual({ code: 0, embedded: true });
    expect(fs.existsSync(path.join(os.tmpdir(), `bo-test-pg-${child.runId}`))).toBe(false);
  }, 180_000);
});
