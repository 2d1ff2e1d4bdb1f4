/*
 * Orders with computed tax beside orders with a given tax_amount (`npm run bench -- taxes`), issue 43:
 * the random orders of orders-workload.ts (3 lines, 80% known customers, half invoiced) on the real
 * server against a fresh database of one business (1,000 products and customers) with 3 tax rates
 * (19% the default, 7%, 0%; products spread over the three and the default, shipping taxed), the same
 * orders with and without their tax_amount, alternating for BENCH_TAX_ROUNDS (default 3) rounds in
 * one run, at BENCH_TAX_CONNECTIONS (default 8) connections for BENCH_TAX_SECONDS (default 10) s each.
 * Throughput on a shared 2-core machine swings by tens of per cent between two runs of the same thing,
 * so each run also gives the API process's CPU per request (its own /proc counters: what the other
 * processes of the machine do does not enter) and PostgreSQL's (every postgres process: noisier). A
 * computed order reads the rates in its first statement and writes its tax lines in its numbered
 * statement: no round trip more.
 */
import * as os from 'os';
import { Log, withBenchDatabase, withClient } from './bench-support';
import { cpuSnapshot, CpuSnapshot } from './cpu-accounting';
import { DEFAULT_CONFIGURATION, driveShapedOrders, startApi } from './orders-api';
import { BenchBusiness, LoadFigures, seedBusinesses } from './orders-workload';

const SECONDS = Number(process.env.BENCH_TAX_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_TAX_CONNECTIONS || 8);
const ROUNDS = Number(process.env.BENCH_TAX_ROUNDS || 3);
const WARMUP_SECONDS = 3;
const TICK_US = 10_000;

interface Measured {
  load: LoadFigures;
  apiUs: number;
  postgresUs: number;
}

function line(label: string, m: Measured): string {
  const f = m.load;
  return (
    `${label.padEnd(30)} ${f.perSecond.toFixed(1).padStart(7)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  ` +
    `API ${m.apiUs.toFixed(0)} us/request, PostgreSQL ${m.postgresUs.toFixed(0)} us/request  (${f.orders} ok, ${f.errors} errors)`
  );
}

function perRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number, key: 'api' | 'postgres'): number {
  return ((after[key] - before[key]) * TICK_US) / Math.max(1, requests);
}

/** Three rates, the products spread over them (a quarter on the default), shipping at 19%. */
async function addTaxRates(url: string, business: BenchBusiness): Promise<void> {
  await withClient(url, async (client) => {
    const rates = await client.query<{ id: string }>(
      `INSERT INTO tax_rates (business_id, id, name, rate, is_default)
       VALUES ($1, gen_random_uuid(), 'VAT 19%', 19, true), ($1, gen_random_uuid(), 'VAT 7%', 7, false), ($1, gen_random_uuid(), 'Exempt', 0, false)
       RETURNING id`,
      [business.id],
    );
    const ids = rates.rows.map((r) => r.id);
    await client.query(
      `UPDATE products p SET tax_rate_id = (ARRAY[$2::uuid, $3::uuid, $4::uuid, NULL])[1 + (x.n % 4)]
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products WHERE business_id = $1) x
        WHERE p.business_id = $1 AND p.id = x.id`,
      [business.id, ...ids],
    );
    await client.query(`UPDATE businesses SET shipping_tax_rate_id = $2 WHERE id = $1`, [business.id, ids[0]]);
  });
}

const computed = (order: object) => {
  const { tax_amount: _given, ...rest } = order as { tax_amount?: number };
  return { ...rest, discount_amount: 1.5, shipping_amount: 4.9 };
};
const givenWithSame = (order: object) => ({ ...order, discount_amount: 1.5, shipping_amount: 4.9 });

export async function run(log: Log): Promise<void> {
  log(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${CONNECTIONS} connections x ${SECONDS} s each (after ${WARMUP_SECONDS} s warm-up)`,
  );
  await withBenchDatabase('bo_bench_taxes', async (url) => {
    const seeded = await seedBusinesses(url, 1);
    await addTaxRates(url, seeded[0]);
    const server = await startApi(url, DEFAULT_CONFIGURATION);
    try {
      const measure = async (shape: (order: object) => object): Promise<Measured> => {
        await driveShapedOrders(server.base, seeded, CONNECTIONS, WARMUP_SECONDS, shape);
        const before = cpuSnapshot(server.pid);
        const load = await driveShapedOrders(server.base, seeded, CONNECTIONS, SECONDS, shape);
        const after = cpuSnapshot(server.pid);
        return { load, apiUs: perRequest(before, after, load.orders, 'api'), postgresUs: perRequest(before, after, load.orders, 'postgres') };
      };
      const ratios: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const withTax = await measure(givenWithSame);
        log(line(`round ${round}: tax_amount given`, withTax));
        const taxed = await measure(computed);
        log(line(`round ${round}: tax computed`, taxed));
        const ratio = (taxed.apiUs + taxed.postgresUs) / (withTax.apiUs + withTax.postgresUs);
        ratios.push(ratio);
        log(`round ${round}: computed / given, API + PostgreSQL CPU per order ${ratio.toFixed(3)} (API alone ${(taxed.apiUs / withTax.apiUs).toFixed(3)})`);
      }
      log(`computed / given, CPU per order over ${ROUNDS} rounds: ${ratios.map((r) => r.toFixed(3)).join(', ')}`);
    } finally {
      await server.stop();
    }
  });
}
