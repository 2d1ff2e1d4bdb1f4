import * as path from 'path';
import { DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';

const root = path.resolve(__dirname, '..', '..');
// Compiled builds hold .js files, ts-node runs hold .ts: match whichever is running.
const ext = __filename.endsWith('.ts') ? 'ts' : 'js';

export function dataSourceOptions(url: string, poolMax = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'schema_migrations',
    entities: [path.join(root, 'src', '**', `*.entity.${ext}`)],
    migrations: [path.join(root, 'migrations', `*.${ext}`)],
    namingStrategy: new SnakeNamingStrategy(),
    extra: { max: poolMax, connectionTimeoutMillis: 5000 },
    logging: false,
  };
}
