/*
 * The cost of seeing inside (`npm run bench -- observability`): the one-business order load of the
 * orders bench (a webhook on sale.completed, 16 connections) on the production build with nothing
 * on, with metrics on (METRICS_PORT, scraped every second), and with metrics and traces exported
 * over OTLP/HTTP to a local collector stub; alternated over BENCH_OBS_ROUNDS rounds on fresh
 * databases, so the machine's drift falls on every configuration alike. Figures in BENCHMARKS.md.
 */
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import { Log, withBenchDatabase } from './bench-support';
import { DEFAULT_CONFIGURATION, driveOrders, startApi, subscribeSales } from './orders-api';
import { LoadFigures, seedBusinesses } from './orders-workload';
import { startReceiver } from '../test/helpers/receiver';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS || 20);
const ROUNDS = Number(process.env.BENCH_OBS_ROUNDS || 3);
const SCRAPE_EVERY_MS = 1000;

/** An OTLP/HTTP collector that takes every export (read, counted, answered 200) and keeps nothing. */
async function collectorStub(): Promise<{ url: string; exports: () => { requests: number; bytes: number }; close(): Promise<void> }> {
  let requests = 0;
  let bytes = 0;
  const server: Server = createServer((req, res) => {
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      requests++;
      res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => ({ requests, bytes }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Setting = 'off' | 'metrics' | 'metrics+traces';

async function once(setting: Setting, metricsPort: number): Promise<{ load: LoadFigures; note: string }> {
  return withBenchDatabase('bo_bench_obs', async (url) => {
    const seeded = await seedBusinesses(url, 1);
    const receiver = await startReceiver();
    const collector = await collectorStub();
    const env: Record<string, string> = { ...DEFAULT_CONFIGURATION };
    if (setting !== 'off') env.METRICS_PORT = String(metricsPort);
    if (setting === 'metrics+traces') env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    const server = await startApi(url, env);
    let scrapes = 0;
    const scraper =
      setting === 'off'
        ? undefined
        : setInterval(() => {
            void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
              (r) => r.text().then(() => (scrapes += r.ok ? 1 : 0)),
              () => undefined,
            );
          }, SCRAPE_EVERY_MS);
    try {
      await subscribeSales(server, seeded, receiver.url);
      await driveOrders(server.base, seeded, 16, 3);
      const load = await driveOrders(server.base, seeded, 16, SECONDS);
      const { requests, bytes } = collector.exports();
      const note =
        setting === 'off' ? '' : `; ${scrapes} scrapes` + (setting === 'metrics+traces' ? `, ${requests} exports of ${(bytes / 1e6).toFixed(1)} MB` : '');
      return { load, note };
    } finally {
      clearInterval(scraper);
      await server.stop();
      await receiver.close();
      await collector.close();
    }
  });
}

export async function run(log: Log): Promise<void> {
  const settings: Setting[] = ['off', 'metrics', 'metrics+traces'];
  const metricsPort = 19_000 + Math.floor(Math.random() * 1000);
  const rates = new Map<Setting, number[]>(settings.map((s) => [s, []]));
  log(`1 business, 16 connections x ${SECONDS} s, ${ROUNDS} rounds alternated: ${settings.join(', ')}`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const setting of settings) {
      const { load: f, note } = await once(setting, metricsPort);
      rates.get(setting)!.push(f.perSecond);
      log(
        `round ${round} ${setting.padEnd(14)} ${f.perSecond.toFixed(1)} orders/s  p50 ${f.p50} ms  p99 ${f.p99} ms  (${f.orders} ok, ${f.errors} errors${note})`,
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const off = median(rates.get('off')!);
  for (const setting of settings) {
    const m = median(rates.get(setting)!);
    log(`median ${setting.padEnd(14)} ${m.toFixed(1)} orders/s (${(((m - off) / off) * 100).toFixed(1)}% against off)`);
  }
}
