/*
 * Jest globalSetup of the e2e project (so `npm test`, `npx jest test/x.e2e-spec.ts`, `npm run test:e2e`
 * and an IDE's runner all work): a PostgreSQL server (TEST_DATABASE_URL, else DATABASE_URL, else the
 * local server on 127.0.0.1:5432, else an embedded one started for this run), and a template database
 * migrated once; each e2e spec file clones it (CREATE DATABASE ... TEMPLATE). global-teardown.js
 * drops every database of the run and stops (and removes) an embedded server.
 */
require('ts-node').register({ transpileOnly: true, compilerOptions: { module: 'commonjs' } });
const path = require('path');
const os = require('os');
const { Client } = require('pg');
const { migrate } = require('../src/database/migrate');
const { startEmbeddedDatabase } = require('../src/database/embedded-database');
const { freePort } = require('./helpers/processes');
const { ensureConsoleBuilt } = require('../src/console/console-build');
const { execFileSync } = require('child_process');
const { citusWorkersOf, createCitusDatabase } = require('./helpers/citus-cluster');

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

async function adminQuery(serverUrl, sql, params = []) {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/**
 * Every database of a run is named `<run id>_...`, so a run (and a test of the harness) finds its own
 * and never another's on a shared server. TEST_RUN_ID lets a caller choose it.
 */
function runIdOf(env) {
  const runId = env.TEST_RUN_ID || `bo_test_${Date.now().toString(36)}_${process.pid}`;
  if (!/^bo_test_[a-z0-9_]+$/.test(runId)) throw new Error(`TEST_RUN_ID must match bo_test_[a-z0-9_]+: ${runId}`);
  return runId;
}

/**
 * CITUS=1 (and no TEST_DATABASE_URL): the loopback cluster of scripts/citus-cluster.sh (a coordinator
 * and two workers on 127.0.0.1:5440-5442, made on first use); its URL names a database of the cluster.
 */
function startCitusCluster() {
  const script = path.join(__dirname, '..', 'scripts', 'citus-cluster.sh');
  process.stderr.write('CITUS=1: starting the Citus cluster of scripts/citus-cluster.sh\n');
  return execFileSync('bash', [script, 'up', 'bo_citus'], { encoding: 'utf8' }).trim().split('\n').pop();
}

async function resolveServer(runId) {
  const forceEmbedded = process.env.TEST_EMBEDDED === '1';
  if (process.env.CITUS === '1' && !process.env.TEST_DATABASE_URL) process.env.TEST_DATABASE_URL = startCitusCluster();
  const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (configured && !forceEmbedded) {
    // a Citus coordinator: the URL's database tells the workers
    const workers = await citusWorkersOf(configured);
    return { serverUrl: serverUrlOf(configured), workers };
  }
  const local = 'postgresql://postgres@127.0.0.1:5432';
  if (!forceEmbedded && (await canConnect(local))) return { serverUrl: local };
  const dir = path.join(os.tmpdir(), `bo-test-pg-${runId}`);
  // another run's server may bind the free port first: three tries
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    process.stderr.write(`${forceEmbedded ? 'TEST_EMBEDDED=1' : 'no PostgreSQL server reachable'}: starting an embedded one on port ${port}\n`);
    try {
      const embedded = await startEmbeddedDatabase(dir, port, 'postgres');
      return { serverUrl: serverUrlOf(embedded.url), embedded, dir };
    } catch (err) {
      if (attempt === 3 || !/Address already in use/.test(String(err && err.message))) throw err;
    }
  }
}

module.exports = async function globalSetup() {
  const runId = runIdOf(process.env);
  // the console's build (docs/api.md 16), once per run and only when its sources changed
  await ensureConsoleBuilt(undefined, (msg) => process.stderr.write(`${msg}\n`));
  const { serverUrl, embedded, dir, workers } = await resolveServer(runId);
  const template = `${runId}_tpl`;
  // read by global-teardown.js, which runs in this process
  globalThis.__boTestRun = { serverUrl, runId, embedded, dir, adminQuery, workers };
  if (workers) {
    // on Citus each spec's database is the template copied on every node (test/helpers/citus-cluster.ts)
    process.env.TEST_CITUS_WORKERS = JSON.stringify(workers);
    await createCitusDatabase(serverUrl, workers, template);
  } else {
    await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
  }
  await migrate(`${serverUrl}/${template}`);
  // the test workers start after this and inherit the environment
  process.env.TEST_SERVER_URL = serverUrl;
  process.env.TEST_TEMPLATE_DB = template;
  process.env.TEST_RUN_ID = runId;
  process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'error';
};
