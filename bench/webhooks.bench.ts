/*
 * Webhooks benchmark (`npm run bench -- webhooks`): a fresh database on the local PostgreSQL (or
 * BENCH_PG_SERVER), migrated; the real app with its dispatcher; a receiver on 127.0.0.1 answering
 * 200 at once; one webhook with a secret (so every delivery is signed). BENCH_WEBHOOK_EVENTS events
 * (default 1,000) are committed through the UnitOfWork, one per transaction, by 16 concurrent
 * writers, as orders would commit them (burst). Reported: events delivered per second (first
 * commit to last receipt) and the latency from each commit returning to its receipt (p50, p99,
 * max). Then the same number at a steady BENCH_WEBHOOK_RATE events/s (default 200, below the
 * drain rate: the latency a receiver normally sees), and as a backlog: committed with no
 * dispatcher running and drained by a second app starting on the database, as after a crash.
 * The database is dropped at the end.
 */
import { INestApplication } from '@nestjs/common';
import { createApplication } from '../src/bootstrap';
import { JsonLogger } from '../src/common/logging/json-logger';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { UnitOfWork } from '../src/database/unit-of-work';
import { provisionBusiness } from '../src/modules/businesses/business-provisioning';
import { AnyEvent, sleep, startReceiver } from '../test/helpers/receiver';
import { DataSource } from 'typeorm';
import { Log, percentile, withBenchDatabase, withClient } from './bench-support';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS || 1_000);
const WRITERS = 16;
const RATE = Number(process.env.BENCH_WEBHOOK_RATE || 200);

async function startApp(url: string, overrides: Partial<AppConfig>): Promise<INestApplication> {
  const config: AppConfig = {
    ...loadConfig(),
    databaseUrl: url,
    logLevel: 'warn',
    rateLimitPerMinute: 0,
    webhookAllowInsecure: true,
    ...overrides,
  };
  const { app } = await createApplication(config, new JsonLogger('warn'));
  await app.init();
  return app;
}

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_webhooks', (url) => measure(url, log));
}

async function measure(url: string, log: Log): Promise<void> {
  const receivedAt = new Map<string, number>();
  let repeated = 0;
  const receiver = await startReceiver((req) => {
    if (receivedAt.has(req.body.id)) repeated++;
    receivedAt.set(req.body.id, req.receivedAt);
    return {};
  });
  try {
    const live = await startApp(url, {});
    const biz = await live.get(DataSource).transaction((m) => provisionBusiness(m, { name: 'Bench Shop' }));
    await live
      .get(DataSource)
      .query(`INSERT INTO webhooks (business_id, url, events, secret) VALUES ($1, $2, $3, 'whsec_bench')`, [
        biz.business_id,
        `${receiver.url}/bench`,
        ['sale.completed'],
      ]);
    const config = loadConfig();
    log(`${EVENTS} events, ${WRITERS} concurrent writers, one signed webhook, WEBHOOK_CONCURRENCY=${config.webhookConcurrency}`);

    const uow = live.get(UnitOfWork);
    const commit = async (n: number) => {
      const event = new AnyEvent(biz.business_id, 'sale.completed', { sale_number: `S-${n}`, total: 10 });
      await uow.run((tx) => Promise.resolve(tx.record(event)));
      return { id: event.id, at: Date.now() };
    };
    const report = async (label: string, started: number, committed: { id: string; at: number }[]) => {
      await receiver.waitFor(committed.length, { timeoutMs: 120_000 });
      const ms = Math.max(...committed.map((c) => receivedAt.get(c.id)!)) - started;
      const latencies = committed.map((c) => receivedAt.get(c.id)! - c.at).sort((a, b) => a - b);
      log(`${label}: all ${committed.length} delivered ${ms} ms after the first commit -> ${Math.round((committed.length * 1000) / ms)} events/s`);
      log(`${label}: commit to receipt p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies[latencies.length - 1]} ms`);
      receiver.requests.length = 0;
    };

    // Burst: as fast as 16 writers can commit, while the dispatcher runs.
    let started = Date.now();
    let next = 0;
    const burst: { id: string; at: number }[] = [];
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < EVENTS) burst.push(await commit(next++));
      }),
    );
    log(`burst: ${EVENTS} commits took ${Date.now() - started} ms`);
    await report('burst', started, burst);

    // Paced: a steady RATE events/s, below what the dispatcher drains: the latency a receiver sees.
    started = Date.now();
    const paced = await Promise.all(
      Array.from({ length: EVENTS }, async (_, i) => {
        await sleep(started + (i * 1000) / RATE - Date.now());
        return commit(EVENTS + i);
      }),
    );
    await report(`paced ${RATE}/s`, started, paced);
    await live.close();

    // Backlog: committed with no dispatcher, drained by the next process to start.
    const recorder = await startApp(url, { webhookDispatcher: false });
    const recorderUow = recorder.get(UnitOfWork);
    for (let i = 0; i < EVENTS; i += 100) {
      await recorderUow.run((tx) => {
        for (let j = i; j < Math.min(EVENTS, i + 100); j++) tx.record(new AnyEvent(biz.business_id, 'sale.completed', { backlog: j }));
        return Promise.resolve();
      });
    }
    await recorder.close();
    receiver.requests.length = 0;
    const drainStart = Date.now();
    const drainer = await startApp(url, {});
    await receiver.waitFor(EVENTS, { timeoutMs: 120_000 });
    const drainMs = Date.now() - drainStart;
    log(`backlog: ${EVENTS} events drained by a starting app in ${drainMs} ms (start-up included) -> ${Math.round((EVENTS * 1000) / drainMs)} events/s`);
    await drainer.close();

    const log2 = await deliveryLog(url);
    log(`deliveries logged: ${log2.total}, succeeded ${log2.succeeded}; events received more than once: ${repeated}`);
  } finally {
    await receiver.close();
  }
}

async function deliveryLog(url: string): Promise<{ total: number; succeeded: number }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded FROM webhook_deliveries`,
    );
    return rows[0];
  });
}
