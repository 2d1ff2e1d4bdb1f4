import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/database/data-source-options';

/**
 * The DataSource the TypeORM CLI uses (`npx typeorm-ts-node-commonjs -d ormconfig.ts migration:generate`).
 * It needs DATABASE_URL; `npm run migration:run` also handles the embedded default.
 */
const config = loadConfig();
export default new DataSource(dataSourceOptions(config.databaseUrl ?? `postgresql://postgres:postgres@127.0.0.1:${config.embeddedPort}/backoffice`));
