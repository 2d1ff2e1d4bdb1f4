import { Client } from 'pg';

interface Sample {
  wait: string;
  statement: string;
  /** what the first backend this one waits for is doing, when it waits on a lock */
  blocker: string | null;
}

/**
 * Samples what the database's active backends wait on (pg_stat_activity every `everyMs`) while a
 * load runs: counts per wait event and statement, and, for backends blocked on a lock, what the
 * holder is doing meanwhile (running a statement, flushing its commit, or `idle in transaction`:
 * waiting for its client), which is where a lock's hold time goes.
 */
export async function sampleWaits(url: string, everyMs = 50): Promise<{ stop(): Promise<string[]> }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const waits = new Map<string, number>();
  const blockers = new Map<string, number>();
  let samples = 0;
  let running = true;
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<Sample>(
        `SELECT coalesce(a.wait_event_type || ':' || a.wait_event, 'CPU') AS wait,
                regexp_replace(left(a.query, 70), '\\s+', ' ', 'g') AS statement,
                (SELECT CASE WHEN b.state = 'active' THEN coalesce(b.wait_event_type || ':' || b.wait_event, 'CPU') ELSE b.state END
                        || ' | ' || regexp_replace(left(b.query, 50), '\\s+', ' ', 'g')
                   FROM pg_stat_activity b WHERE b.pid = (pg_blocking_pids(a.pid))[1] LIMIT 1) AS blocker
           FROM pg_stat_activity a
          WHERE a.datname = current_database() AND a.state = 'active' AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'`,
      );
      samples++;
      for (const r of rows) {
        count(waits, `${r.wait} | ${r.statement}`);
        if (r.blocker) count(blockers, r.blocker);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${String(v).padStart(5)}  ${k}`);
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const total = [...waits.values()].reduce((a, b) => a + b, 0);
      const blocked = [...blockers.values()].reduce((a, b) => a + b, 0);
      return [
        `${samples} samples, ${total} active backends seen:`,
        ...top(waits, 12),
        `${blocked} of them blocked on a lock; what the holder was doing meanwhile:`,
        ...top(blockers, 8),
      ];
    },
  };
}
