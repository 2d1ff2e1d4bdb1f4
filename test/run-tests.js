#!/usr/bin/env node
/*
 * `npm test`: unit and e2e tests against a real PostgreSQL, in a fresh throwaway database per run.
 * Server: TEST_DATABASE_URL, else DATABASE_URL, else the local server on 127.0.0.1:5432, else an
 * embedded PostgreSQL started for this run. The schema is migrated once into a template database;
 * each e2e spec file clones it (CREATE DATABASE ... TEMPLATE), so files are isolated and fast.
 */
require('ts-node').register({ transpileOnly: true, compilerOptions: { module: 'commonjs' } });
const { spawn } = require('child_process');
const path = require('path');
const os = require('os');
const { Client } = require('pg');
const { migrate } = require('../src/database/migrate');
const { startEmbeddedDatabase } = require('../src/database/embedded-database');

function serverUrlOf(url) {
  const u = new URL(url);
  u.pathname = '';
  return u.toString().replace(/\/$/, '');
}

async function canConnect(serverUrl) {
  const client = new Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(serverUrl, sql) {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function resolveServer() {
  const forceEmbedded = process.env.TEST_EMBEDDED === '1';
  const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (configured && !forceEmbedded) return { serverUrl: serverUrlOf(configured) };
  const local = 'postgresql://postgres@127.0.0.1:5432';
  if (!forceEmbedded && (await canConnect(local))) return { serverUrl: local };
  const dir = path.join(os.tmpdir(), `bo-test-pg-${process.pid}`);
  const port = 55000 + (process.pid % 5000);
  process.stderr.write(`${forceEmbedded ? 'TEST_EMBEDDED=1' : 'no PostgreSQL server reachable'}: starting an embedded one on port ${port}\n`);
  const embedded = await startEmbeddedDatabase(dir, port, 'postgres');
  return { serverUrl: serverUrlOf(embedded.url), embedded };
}

async function main() {
  const { serverUrl, embedded } = await resolveServer();
  const runId = `bo_test_${Date.now().toString(36)}_${process.pid}`;
  const template = `${runId}_tpl`;
  let exitCode = 1;
  try {
    await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
    await migrate(`${serverUrl}/${template}`);
    const jestArgs = [require.resolve('jest/bin/jest'), '--config', 'jest.config.js', ...process.argv.slice(2)];
    if (!jestArgs.some((a) => a.startsWith('--maxWorkers') || a === '-i' || a === '--runInBand')) jestArgs.push('--maxWorkers=2');
    exitCode = await new Promise((resolve) => {
      const child = spawn(process.execPath, jestArgs, {
        stdio: 'inherit',
        env: { ...process.env, TEST_SERVER_URL: serverUrl, TEST_TEMPLATE_DB: template, LOG_LEVEL: process.env.LOG_LEVEL || 'error' },
      });
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    const { rows } = await adminQuery(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${runId}%'`);
    for (const { datname } of rows) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
    if (embedded) await embedded.stop();
  }
  process.exit(exitCode);
}

main().catch((err) => {
  process.stderr.write(`${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
