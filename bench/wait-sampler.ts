import { Client } from 'pg';

/**
 * Samples what the database's active backends wait on (pg_stat_activity every `everyMs`) while a
 * load runs: counts per wait event and statement, to find where one business's orders queue.
 */
export async function sampleWaits(url: string, everyMs = 50): Promise<{ stop(): Promise<string[]> }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ wait: string; statement: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait,
                regexp_replace(left(query, 70), '\\s+', ' ', 'g') AS statement
           FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      samples++;
      for (const r of rows) counts.set(`${r.wait} | ${r.statement}`, (counts.get(`${r.wait} | ${r.statement}`) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
      return [`${samples} samples, ${total} active backends seen:`, ...top.map(([k, n]) => `  ${String(n).padStart(5)}  ${k}`)];
    },
  };
}
