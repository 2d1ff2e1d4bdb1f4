/*
 * The e2e project's test environment: Node's, plus, on a Citus cluster, the spec file's databases
 * dropped on every node when the file is done (after its own afterAll hooks). Every database that was
 * used keeps a Citus maintenance daemon on each node, a background worker of which a server has few
 * (max_worker_processes); a plain server keeps them until the run's globalTeardown, as before.
 * test/helpers/test-app.ts lists the databases it makes in `__boDatabases`.
 */
const { TestEnvironment } = require('jest-environment-node');
const { Client } = require('pg');

/** SQLSTATE 55006: "database ... is being accessed by other users" */
const OBJECT_IN_USE = '55006';

async function dropOnServer(serverUrl, names) {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    for (const name of names) {
      // FORCE ends the sessions, but Citus's maintenance daemon of the database can start again
      // before the drop (seen in a nested run of test/harness): a few tries
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          break;
        } catch (err) {
          if (err.code !== OBJECT_IN_USE || attempt >= 10) throw err;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }
  } finally {
    await client.end();
  }
}

class E2eEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.__boDatabases = [];
  }

  async teardown() {
    const names = this.global.__boDatabases || [];
    const workers = process.env.TEST_CITUS_WORKERS ? JSON.parse(process.env.TEST_CITUS_WORKERS) : null;
    if (workers && names.length > 0) {
      const servers = [process.env.TEST_SERVER_URL, ...workers.map((w) => `postgresql://postgres@${w.host}:${w.port}`)];
      for (const server of servers) await dropOnServer(server, names);
    }
    await super.teardown();
  }
}

module.exports = E2eEnvironment;
