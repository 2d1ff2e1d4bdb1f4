/* What every benchmark section shares: its throwaway database (one per run, on BENCH_PG_SERVER, migrated, always dropped), the log and percentiles. */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrate } from '../src/bootstrap';
import { dataSourceOptions } from '../src/database/data-source-options';
import { NewBusiness, provisionBusiness, ProvisionedBusiness } from '../src/modules/businesses/business-provisioning';

export const BENCH_PG_SERVER = process.env.BENCH_PG_SERVER || 'postgresql://postgres@127.0.0.1:5432';

export type Log = (line: string) => void;

/** One connection to `url` for the length of `fn`. */
export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Businesses provisioned as the CLI does (each in its own transaction), on a DataSource of the app's entities. */
export async function provisionBusinesses(url: string, businesses: NewBusiness[]): Promise<ProvisionedBusiness[]> {
  const dataSource = await new DataSource(dataSourceOptions(url, 1)).initialize();
  try {
    const provisioned: ProvisionedBusiness[] = [];
    for (const business of businesses) provisioned.push(await dataSource.transaction((m) => provisionBusiness(m, business)));
    return provisioned;
  } finally {
    await dataSource.destroy();
  }
}

/** A fresh database named `<prefix>_<time>`, migrated, handed to `work` and dropped afterwards, whatever happens. */
export async function withBenchDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = (sql: string) => withClient(`${BENCH_PG_SERVER}/postgres`, (c) => c.query(sql));
  await admin(`CREATE DATABASE "${name}"`);
  try {
    const url = `${BENCH_PG_SERVER}/${name}`;
    await migrate(url);
    return await work(url);
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/** p-th percentile (0..100) of sorted latencies, nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
