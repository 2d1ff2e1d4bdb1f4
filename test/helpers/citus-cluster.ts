import { Client } from 'pg';

/**
 * The tests' databases on a Citus cluster (issue 46; docs/scale-out.md, "Tests on the
 * cluster"). A distributed database cannot be cloned with CREATE DATABASE ... TEMPLATE (its shards
 * live on the workers), so each throwaway database is made on every node, with the `citus` extension,
 * its workers registered on the coordinator, and migrated from scratch by the caller.
 */

export interface CitusNode {
  host: string;
  port: number;
}

/** Shards per distributed table in the tests' databases: few, so a database migrates in seconds. */
export const TEST_SHARD_COUNT = Number(process.env.CITUS_SHARD_COUNT || 4);

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function serverOf(node: CitusNode): string {
  return `postgresql://postgres@${node.host}:${node.port}`;
}

/**
 * The workers of the coordinator at `databaseUrl` (a database of the cluster with the extension,
 * e.g. the one cluster.sh prints), or null when that server is a plain PostgreSQL.
 */
export async function citusWorkersOf(databaseUrl: string): Promise<CitusNode[] | null> {
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const preload = await withClient(
    server.toString(),
    async (c) => (await c.query<{ p: string }>(`SELECT current_setting('shared_preload_libraries') AS p`)).rows[0].p,
  );
  if (!/\bcitus\b/.test(preload)) return null;
  return withClient(databaseUrl, async (c) => {
    const ext = await c.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`);
    if (ext.rowCount === 0)
      throw new Error(`${databaseUrl} preloads citus but has no citus extension: name a database of the cluster (cluster.sh up prints one)`);
    const nodes = await c.query<{ nodename: string; nodeport: number }>(
      `SELECT nodename, nodeport FROM pg_dist_node WHERE groupid <> 0 AND noderole = 'primary' ORDER BY nodeid`,
    );
    return nodes.rows.map((n) => ({ host: n.nodename, port: n.nodeport }));
  });
}

/** Makes database `name` on the coordinator and every worker, with the extension, the workers registered. */
export async function createCitusDatabase(coordinatorServerUrl: string, workers: CitusNode[], name: string): Promise<void> {
  const coordinator = new URL(coordinatorServerUrl);
  const servers = [coordinatorServerUrl, ...workers.map(serverOf)];
  for (const server of servers) {
    await withClient(`${server}/postgres`, (c) => c.query(`CREATE DATABASE "${name}"`));
    await withClient(`${server}/${name}`, (c) => c.query(`SET client_min_messages = warning; CREATE EXTENSION citus`));
  }
  await withClient(`${coordinatorServerUrl}/${name}`, async (c) => {
    await c.query(`ALTER DATABASE "${name}" SET citus.shard_count = ${TEST_SHARD_COUNT}`);
    await c.query(`SELECT citus_set_coordinator_host($1, $2)`, [coordinator.hostname, Number(coordinator.port || 5432)]);
    for (const w of workers) await c.query(`SELECT citus_add_node($1, $2)`, [w.host, w.port]);
  });
}

/** Drops every database whose name starts with `prefix` on the workers (the coordinator's are dropped as on a plain server). */
export async function dropWorkerDatabases(workers: CitusNode[], prefix: string): Promise<void> {
  for (const w of workers) {
    await withClient(`${serverOf(w)}/postgres`, async (c) => {
      const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [prefix]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    });
  }
}

/**
 * Makes database `name` on every node as a copy of `template` (CREATE DATABASE ... TEMPLATE on each
 * node): the coordinator's copy keeps the template's metadata (its shards and their placements, by
 * shard id) and each worker's copy the same shards, so the copies form a distributed database of
 * their own in a few seconds, where migrating a new one takes the better part of a minute. A node
 * refuses to copy a database another session is connected to; the only one is Citus's maintenance
 * daemon of the template (started by whoever last connected to it), which is ended first.
 */
export async function cloneCitusDatabase(coordinatorServerUrl: string, workers: CitusNode[], template: string, name: string): Promise<void> {
  for (const server of [coordinatorServerUrl, ...workers.map(serverOf)]) {
    await withClient(`${server}/postgres`, async (c) => {
      for (let attempt = 1; ; attempt++) {
        await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [template]);
        try {
          await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
          return;
        } catch (err) {
          // 55006: "source database is being accessed by other users" (a daemon started again meanwhile)
          if ((err as { code?: string }).code !== '55006' || attempt >= 10) throw err;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    });
  }
  await withClient(`${coordinatorServerUrl}/postgres`, (c) => c.query(`ALTER DATABASE "${name}" SET citus.shard_count = ${TEST_SHARD_COUNT}`));
}
