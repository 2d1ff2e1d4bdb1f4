import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeyLookup } from '../../common/auth/api-key-lookup';
import { BusinessContext } from '../../common/auth/business-context';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { runStatement } from '../../database/run-statement';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeyUsage } from './api-key-usage';
import { findActiveApiKey } from './persistence/api-keys.sql';

/**
 * The API-key guard's lookup: from the process's ApiKeyCache when it holds the key (no round trip),
 * else one prepared statement. Unknown and revoked keys are never cached. API_KEY_CACHE_MS=0 turns
 * the cache off. A found key's use is noted for its `last_used_at` (ApiKeyUsage, written in batches).
 */
@Injectable()
export class ApiKeyLookupStore extends ApiKeyLookup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly cache: ApiKeyCache | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly usage: ApiKeyUsage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    const url = (dataSource.options as { url?: string }).url;
    this.cache = config.apiKeyCacheMs > 0 && url ? new ApiKeyCache(url, config.apiKeyCacheMs) : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.cache?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.cache?.stop();
  }

  /** Whether lookups are served from the cache now (off, or its notification connection down: false). */
  get cacheActive(): boolean {
    return this.cache?.active ?? false;
  }

  async findActive(keyHash: string): Promise<BusinessContext | undefined> {
    const cached = this.cache?.get(keyHash);
    if (cached) return this.used(cached);
    const version = this.cache?.version() ?? 0;
    const [row] = await runStatement(this.dataSource, findActiveApiKey, [keyHash]);
    if (!row) return undefined;
    const business: BusinessContext = { ...row, actor: { type: 'key', id: row.keyId, name: row.keyName } };
    this.cache?.set(keyHash, business, version);
    return this.used(business);
  }

  /** Every authenticated request passes here once (EarlyAuthentication): its key's last use is noted, not written. */
  private used(business: BusinessContext): BusinessContext {
    this.usage.seen(business.keyId);
    return business;
  }
}
