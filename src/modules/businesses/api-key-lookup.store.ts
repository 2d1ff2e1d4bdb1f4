import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeyLookup } from '../../common/auth/api-key-lookup';
import { BusinessContext } from '../../common/auth/business-context';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { runStatement } from '../../database/run-statement';
import { ApiKeyCache } from './api-key-cache';
import { findActiveApiKey } from './persistence/api-keys.sql';

/**
 * The API-key guard's lookup: from the process's ApiKeyCache when it holds the key (no round trip),
 * else one prepared statement. Unknown and revoked keys are never cached. API_KEY_CACHE_MS=0 turns
 * the cache off.
 */
@Injectable()
export class ApiKeyLookupStore extends ApiKeyLookup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly cache: ApiKeyCache | undefined;

  constructor(
    private readonly dataSource: DataSource,
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
    if (cached) return cached;
    const version = this.cache?.version() ?? 0;
    const [business] = await runStatement(this.dataSource, findActiveApiKey, [keyHash]);
    if (business) this.cache?.set(keyHash, business, version);
    return business;
  }
}
