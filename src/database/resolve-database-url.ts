import { AppConfig } from '../config/app-config';
import { EmbeddedDatabase, startEmbeddedDatabase } from './embedded-database';

/** DATABASE_URL when set; otherwise the embedded server (started, or reused if already running). */
export async function resolveDatabase(config: AppConfig, log: (message: string) => void): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedDatabase(config.embeddedDataDir, config.embeddedPort, 'backoffice', log);
  return { url: embedded.url, embedded };
}
