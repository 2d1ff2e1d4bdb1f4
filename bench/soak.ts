/*
 * `npm run bench:soak` (issue 6 item 5): the real server (its production build, own process, default
 * configuration: webhook dispatcher on, delivering to a local receiver) on a fresh database of the
 * local PostgreSQL, under mixed traffic from 16 connections for 5 minutes (SOAK_SECONDS to change
 * it): orders, loyalty redemptions, manual invoices and their status updates, stock adjustments and
 * reads, over two businesses (bench/soak-traffic.ts). Then the invariants against what was
 * acknowledged, and `cli verify` (bench/soak-checks.ts). The server's resident memory is sampled
 * every 10 s from its start to the end of the traffic: first, last, max and the trend (least
 * squares, MB per minute, over the whole run and over its second half). Exit code 1 when a request
 * failed with a 5xx or no answer, an invariant broke or verify found drift.
 */
import { readFileSync } from 'fs';
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import * as os from 'os';
import { provisionBusinesses, withBenchDatabase } from './bench-support';
import { startApi } from './orders-api';
import { AttackReport, prepareAttacker } from './soak-attacks';
import { checkInvariants, runVerify } from './soak-checks';
import { driveSoak, SoakBusiness, TrafficReport } from './soak-traffic';

const SECONDS = Number(process.env.SOAK_SECONDS || 300);
const CONNECTIONS = 16;
const BUSINESSES = 2;
const PRODUCTS = 40;
const EMAILS = 300;
const INITIAL_STOCK = 1_000_000;
const SAMPLE_MS = 10_000;
const ATTACK_WORKERS = 2;
const HEALTH_P99_MS = 50;
const PROBE_SECONDS = Number(process.env.SOAK_PROBE_SECONDS || 30);

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A webhook receiver that takes every delivery with a 200 at once. */
async function startSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Businesses provisioned as the CLI does; their catalogue, stock and webhook through the API itself. */
async function seed(url: string, base: string, sinkUrl: string): Promise<SoakBusiness[]> {
  const businesses: SoakBusiness[] = [];
  for (let b = 1; b <= BUSINESSES; b++) {
    const [biz] = await provisionBusinesses(url, [{ name: `Soak ${b}` }]);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${biz.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`seed ${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: any }).data;
    };
    await post('/webhooks', { url: `${sinkUrl}/soak-${b}`, events: ['sale.completed', 'invoice.paid', 'stock.adjusted'] });
    const products: SoakBusiness['products'] = [];
    for (let p = 1; p <= PRODUCTS; p++) {
      const price = Math.round(((p * 37) % 9900) + 100) / 100;
      const product = await post('/products', { name: `Soak product ${p}`, price, sku: `SOAK-${p}` });
      await post('/stock/adjustments', { product_id: product.id, quantity: INITIAL_STOCK, reason: 'restock' });
      products.push({ id: product.id, price });
    }
    const emails = Array.from({ length: EMAILS }, (_, i) => `customer${i + 1}@soak${b}.test`);
    businesses.push({ id: biz.business_id, apiKey: biz.api_key, warehouseId: biz.warehouse_id, products, emails });
  }
  return businesses;
}

interface RssSample {
  atSeconds: number;
  mb: number;
}

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

function startRssSampler(pid: number): { samples: RssSample[]; stop: () => RssSample[] } {
  const started = Date.now();
  const samples: RssSample[] = [];
  const sample = () => samples.push({ atSeconds: (Date.now() - started) / 1000, mb: rssOf(pid) });
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}

/** Least-squares slope of RSS over time, in MB per minute. */
function slopeMbPerMinute(samples: RssSample[]): number {
  if (samples.length < 2) return NaN;
  const xs = samples.map((s) => s.atSeconds / 60);
  const ys = samples.map((s) => s.mb);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((acc, x, i) => acc + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((acc, x) => acc + (x - mx) ** 2, 0);
  return num / den;
}

function printTraffic(traffic: TrafficReport): void {
  log(
    `\nrequests served: ${traffic.requests} in ${traffic.seconds.toFixed(0)} s (${(traffic.requests / traffic.seconds).toFixed(0)} req/s), latency p50 ${traffic.latencyMs.p50.toFixed(1)} ms, p99 ${traffic.latencyMs.p99.toFixed(1)} ms, max ${traffic.latencyMs.max.toFixed(0)} ms`,
  );
  log('| request | status | count |');
  log('|---|---|---:|');
  for (const [key, count] of [...traffic.statuses].sort()) {
    const at = key.lastIndexOf(' ');
    log(`| ${key.slice(0, at)} | ${key.slice(at + 1)} | ${count} |`);
  }
  log(`5xx or no answer: ${traffic.errors.length}${traffic.errors.length ? `\n  ${[...new Set(traffic.errors)].slice(0, 10).join('\n  ')}` : ''}`);
  log(
    `4xx other than the expected 422 INSUFFICIENT_POINTS / 409 INVALID_STATUS_TRANSITION: ${traffic.unexpected4xx.length}${traffic.unexpected4xx.length ? `\n  ${[...new Set(traffic.unexpected4xx)].slice(0, 10).join('\n  ')}` : ''}`,
  );
}

function printAttacks(attacks: AttackReport): void {
  log(`\nattacks (issue 30), on a business of their own: ${attacks.requests} requests`);
  log(`  scenarios run: ${[...attacks.scenarios].map(([name, n]) => `${name} ${n}`).join(', ')}`);
  log(
    `  answers: ${[...attacks.statuses]
      .sort()
      .map(([k, n]) => `${k} x${n}`)
      .join('; ')}`,
  );
  log(
    `  hostile bodies: ${attacks.hostile.sent} sent (${[...attacks.hostile.statuses].map(([k, n]) => `${k} x${n}`).join('; ')}), largest answer ${attacks.hostile.largestAnswerBytes} bytes`,
  );
  log(`  GET /health meanwhile (beside the mixed load): ${health(attacks)}`);
  log(`  5xx or no answer: ${attacks.errors.length}${attacks.errors.length ? `\n    ${[...new Set(attacks.errors)].slice(0, 10).join('\n    ')}` : ''}`);
  log(
    `  wrong outcomes: ${attacks.violations.length}${attacks.violations.length ? `\n    ${[...new Set(attacks.violations)].slice(0, 20).join('\n    ')}` : ''}`,
  );
}

function health(report: AttackReport): string {
  const h = report.healthMs;
  return `${h.count} probes, p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms, max ${h.max.toFixed(0)} ms`;
}

function printProbes(quiet: AttackReport, hostile: AttackReport): void {
  log(`\nGET /health every 20 ms for ${PROBE_SECONDS} s after the load, alone: ${health(quiet)}`);
  log(
    `GET /health beside a client sending 1 MB bodies back to back (${hostile.hostile.sent} sent, ${[...hostile.hostile.statuses].map(([k, n]) => `${k} x${n}`).join('; ')}): ${health(hostile)} (limit p99 ${HEALTH_P99_MS} ms), 5xx or no answer ${hostile.errors.length}`,
  );
}

function printMemory(samples: RssSample[]): void {
  const mbs = samples.map((s) => s.mb);
  const half = samples.filter((s) => s.atSeconds >= samples[samples.length - 1].atSeconds / 2);
  log(`\nAPI resident memory (${samples.length} samples, every ${SAMPLE_MS / 1000} s from its start to the end of the traffic):`);
  log(
    `  first ${mbs[0].toFixed(1)} MB, last ${mbs[mbs.length - 1].toFixed(1)} MB, max ${Math.max(...mbs).toFixed(1)} MB, min ${Math.min(...mbs).toFixed(1)} MB`,
  );
  log(`  trend ${slopeMbPerMinute(samples).toFixed(2)} MB/min over the run, ${slopeMbPerMinute(half).toFixed(2)} MB/min over its second half`);
  log(`  samples (s: MB): ${samples.map((s) => `${s.atSeconds.toFixed(0)}: ${s.mb.toFixed(0)}`).join(', ')}`);
}

async function main(): Promise<number> {
  log(
    `soak: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${CONNECTIONS} connections x ${SECONDS} s, ${BUSINESSES} businesses`,
  );
  return withBenchDatabase('bo_soak', async (url) => {
    const sink = await startSink();
    const api = await startApi(url, { WEBHOOK_ALLOW_INSECURE: 'true' });
    const sampler = startRssSampler(api.pid);
    try {
      const businesses = await seed(url, api.base, sink.url);
      log(`seeded ${BUSINESSES} businesses x ${PRODUCTS} products (stock ${INITIAL_STOCK} each) through the API; traffic starts`);
      const [attackBusiness] = await provisionBusinesses(url, [{ name: 'Soak attacks' }]);
      const attacker = await prepareAttacker(api.base, { apiKey: attackBusiness.api_key, warehouseId: attackBusiness.warehouse_id });
      const [traffic, attacks] = await Promise.all([driveSoak(api.base, businesses, CONNECTIONS, SECONDS), attacker.attack(ATTACK_WORKERS, SECONDS)]);
      const samples = sampler.stop();
      printTraffic(traffic);
      printAttacks(attacks);
      // The mixed load alone fills both cores (its own p99 is over 100 ms): what 1 MB bodies cost
      // other requests is measured after it, the probe alone and then beside the hostile client.
      const quiet = await attacker.probe(PROBE_SECONDS, false);
      const hostile = await attacker.probe(PROBE_SECONDS, true);
      printProbes(quiet, hostile);
      printMemory(samples);
      const invariants = await checkInvariants(url, businesses, traffic.acknowledged, INITIAL_STOCK);
      log(
        `\ninvariants: ${invariants.violations.length === 0 ? 'all hold' : 'BROKEN'} (${Object.entries(invariants.figures)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}, webhook deliveries received ${sink.received()})`,
      );
      for (const v of invariants.violations.slice(0, 20)) log(`  ${v}`);
      const verify = runVerify(url);
      log(`cli verify: exit ${verify.code} ${verify.output}`);
      const attacked = attacks.errors.length > 0 || attacks.violations.length > 0 || hostile.errors.length > 0 || hostile.healthMs.p99 >= HEALTH_P99_MS;
      const failed = traffic.errors.length > 0 || invariants.violations.length > 0 || !verify.ok || attacked;
      log(`\nsoak ${failed ? 'FAILED' : 'passed'}`);
      return failed ? 1 : 0;
    } finally {
      sampler.stop();
      await api.stop();
      await sink.close();
    }
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
