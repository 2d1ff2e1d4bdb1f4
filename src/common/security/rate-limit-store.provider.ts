import { FactoryProvider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import { RATE_LIMIT_STORE, RateLimitStore } from './rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';

/** Redis when REDIS_URL is set (limits shared by every process), else this process's memory. */
export const rateLimitStoreProvider: FactoryProvider<RateLimitStore | Promise<RateLimitStore>> = {
  provide: RATE_LIMIT_STORE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => (config.redisUrl ? RedisRateLimitStore.connect(config.redisUrl, config.redisKeyPrefix) : new MemoryRateLimitStore()),
};
