/*
 * Orders with computed tax beside orders with a given tax_amount (`npm run bench -- taxes`), issue 43:
 * the random orders of orders-workload.ts (3 lines, 80% known customers, half invoiced) on the real
 * server against a fresh database of one business (1,000 products and customers) with 3 tax rates
 * (19% the default, 7%, 0%; products spread over the three and the default, shipping taxed), the same
 * orders with and without their tax_amount, one after the other in one run, each after its own
 * warm-up, at BENCH_TAX_CONNECTIONS (default 8) connections for BENCH_TAX_SECONDS (default 10) s. A
 * computed order reads the rates in its first statement and writes its tax lines in its numbered
 * statement: no round trip more.
 */
import * as os from 'os';
import { Log, withBenchDatabase, withClient } from './bench-support';
import { DEFAULT_CONFIGURATION, driveShapedOrders, startApi } from './orders-api';
import { BenchBusiness, LoadFigures, seedBusinesses } from './orders-workload';

const SECONDS = Number(process.env.BENCH_TAX_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_TAX_CONNECTIONS || 8);
const WARMUP_SECONDS = 3;

function line(label: string, f: LoadFigures): string {
  return `${label.padEnd(28)} ${f.perSecond.toFixed(1).padStart(7)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  (${f.orders} ok, ${f.errors} errors)`;
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

const given = (order: object) => order;
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
      await driveShapedOrders(server.base, seeded, CONNECTIONS, WARMUP_SECONDS, given);
      const withTax = await driveShapedOrders(server.base, seeded, CONNECTIONS, SECONDS, givenWithSame);
      log(line('POST /orders, tax_amount given', withTax));
      await driveShapedOrders(server.base, seeded, CONNECTIONS, WARMUP_SECONDS, computed);
      const taxed = await driveShapedOrders(server.base, seeded, CONNECTIONS, SECONDS, computed);
      log(line('POST /orders, tax computed', taxed));
      const pct = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)}%`;
      log(`computed vs given: throughput ${pct(taxed.perSecond, withTax.perSecond)}, p50 ${pct(taxed.p50, withTax.p50)}, p99 ${pct(taxed.p99, withTax.p99)}`);
    } finally {
      await server.stop();
    }
  });
}
