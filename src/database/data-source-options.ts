import * as path from 'path';
import { DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { TimedClient } from './database-metrics';

const root = path.resolve(__dirname, '..', '..');
// Compiled builds hold .js files, ts-node runs hold .ts: match whichever is running.
const ext = __filename.endsWith('.ts') ? 'ts' : 'js';

export interface PoolTimeouts {
  /** per statement, lock waits included; 0 = none (migrations) */
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

/** Migrations and one-off commands run without a statement limit unless given one. */
const NO_STATEMENT_LIMIT: PoolTimeouts = { statementTimeoutMs: 0, connectTimeoutMs: 5000 };

export function dataSourceOptions(url: string, poolMax = 20, timeouts: PoolTimeouts = NO_STATEMENT_LIMIT): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    // generated migrations default uuid keys to gen_random_uuid(), as the hand-written ones do
    uuidExtension: 'pgcrypto',
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'schema_migrations',
    entities: [path.join(root, 'src', '**', `*.entity.${ext}`)],
    migrations: [path.join(root, 'migrations', `*.${ext}`)],
    namingStrategy: new SnakeNamingStrategy(),
    extra: {
      // its statements timed for db_client_operation_duration_seconds (database-metrics.ts)
      Client: TimedClient,
      max: poolMax,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      statement_timeout: timeouts.statementTimeoutMs || undefined,
      // PostgreSQL's JIT compiles a plan whose estimated cost passes jit_above_cost: a report over a
      // big catalog paid 0.9 s of compiling to run in 0.3 s. No statement here runs long enough to win it back.
      options: '-c jit=off',
    },
    logging: false,
  };
}
