import { Client } from 'pg';
import { Gauge, Histogram } from 'prom-client';
import { DataSource } from 'typeorm';
import { metricsRegistry } from '../common/metrics/registry';

/** OpenTelemetry's advised boundaries for db.client.operation.duration, in seconds. */
const OPERATION_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10];

const operationDuration = new Histogram({
  name: 'db_client_operation_duration_seconds',
  help: 'Duration of the statements the service sends to PostgreSQL (round trip), by their first keyword',
  labelNames: ['operation'] as const,
  buckets: OPERATION_BUCKETS,
  registers: [metricsRegistry],
});

const OPERATIONS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'WITH',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'EXECUTE',
  'PREPARE',
  'DEALLOCATE',
  'SET',
  'LISTEN',
]);

/** The statement's first keyword when it is one of OPERATIONS, else `other`: the label never holds the text. */
function operationOf(query: unknown): string {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return 'other';
  const word = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase();
  return word && OPERATIONS.has(word) ? word : 'other';
}

/**
 * node-pg's client with each promise-returning query timed (the form TypeORM and Tx use; a query
 * given a callback or a Submittable is passed through untimed). The pool builds its connections with
 * it (`extra.Client` in data-source-options.ts), so every connection of the pool is measured from its first statement.
 */
export class TimedClient extends Client {
  query(...args: unknown[]): any {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
    const result = (super.query as Function).apply(this, args) as unknown;
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      const started = process.hrtime.bigint();
      const observe = () => operationDuration.observe({ operation: operationOf(args[0]) }, Number(process.hrtime.bigint() - started) / 1e9);
      (result as Promise<unknown>).then(observe, observe);
    }
    return result;
  }
}

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolCounts>();

new Gauge({
  name: 'db_client_connections',
  help: "Connections of the service's PostgreSQL pool: used (lent out), idle, waiting (requests queued for one)",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    let used = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      used += pool.totalCount - pool.idleCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'used' }, used);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Counts the data source's pool in db_client_connections until the returned function is called. */
export function watchPool(dataSource: DataSource): () => void {
  const pool = (dataSource.driver as unknown as { master?: PoolCounts }).master;
  if (!pool) return () => undefined;
  pools.add(pool);
  return () => pools.delete(pool);
}
