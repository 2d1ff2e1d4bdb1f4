import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { consume, Decision } from './sliding-window';
import { RATE_LIMIT_WINDOW_MS, RateLimitStore } from './rate-limit-store';

/**
 * The sliding-window step of `sliding-window.ts` (roll the windows, count the hit when it fits), run
 * atomically inside Redis on the server's clock, so every process sharing the Redis counts into the
 * same windows. It answers the state before the hit; `consume` then derives the remaining count and
 * the wait from it exactly as the in-memory store does.
 */
const SLIDING_WINDOW_STEP = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local windowStart = now - (now % windowMs)
local saved = redis.call('HMGET', KEYS[1], 'start', 'current', 'previous')
local start = tonumber(saved[1])
local current = tonumber(saved[2]) or 0
local previous = tonumber(saved[3]) or 0
if start == nil or start < windowStart - windowMs then
  current = 0
  previous = 0
elseif start < windowStart then
  previous = current
  current = 0
end
local used = previous * ((windowMs - (now - windowStart)) / windowMs) + current
local allowed = 0
if used + 1 <= limit then allowed = 1 end
redis.call('HSET', KEYS[1], 'start', windowStart, 'current', current + allowed, 'previous', previous)
redis.call('PEXPIRE', KEYS[1], 2 * windowMs)
return { allowed, now, windowStart, current, previous }
`;

/** RateLimitStore.release: one count back, from the current window's count else the previous one's. */
const RELEASE = `
local current = tonumber(redis.call('HGET', KEYS[1], 'current'))
if current == nil then return 0 end
if current > 0 then return redis.call('HINCRBY', KEYS[1], 'current', -1) end
local previous = tonumber(redis.call('HGET', KEYS[1], 'previous')) or 0
if previous > 0 then redis.call('HINCRBY', KEYS[1], 'previous', -1) end
return 0
`;

type StepReply = [allowed: number, now: number, windowStart: number, current: number, previous: number];

interface RedisWithStep extends Redis {
  slidingWindowStep(key: string, limit: number, windowMs: number): Promise<StepReply>;
  releaseOne(key: string): Promise<number>;
}

/**
 * Counts in Redis (REDIS_URL): a limit holds across every process of a deployment. Connecting is
 * part of start-up (a wrong REDIS_URL stops the start); when Redis fails later, requests are let
 * through and the outage is logged once, so that the limiter's store never stops sales.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly logger = new Logger('RateLimit');
  private outage = false;

  private constructor(private readonly redis: RedisWithStep) {}

  static async connect(url: string, keyPrefix: string): Promise<RedisRateLimitStore> {
    const redis = new Redis(url, { keyPrefix, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.defineCommand('slidingWindowStep', { numberOfKeys: 1, lua: SLIDING_WINDOW_STEP });
    redis.defineCommand('releaseOne', { numberOfKeys: 1, lua: RELEASE });
    let lastError: Error | undefined;
    redis.on('error', (err: Error) => (lastError = err)); // later failures surface as failed commands, handled in consume
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`REDIS_URL does not answer: ${(lastError ?? (err as Error)).message}`);
    }
    return new RedisRateLimitStore(redis as RedisWithStep);
  }

  async consume(key: string, limit: number, windowMs = RATE_LIMIT_WINDOW_MS): Promise<Decision> {
    try {
      const [allowed, now, windowStart, current, previous] = await this.redis.slidingWindowStep(`rl:${key}`, limit, windowMs);
      this.outage = false;
      return { ...consume({ windowStart, current, previous }, now, limit, windowMs), allowed: allowed === 1 };
    } catch (err) {
      if (!this.outage) this.logger.warn(`rate limit store unavailable, requests are not limited until it answers: ${(err as Error).message}`);
      this.outage = true;
      return { allowed: true, state: { windowStart: 0, current: 0, previous: 0 }, remaining: limit, retryAfterMs: 0 };
    }
  }

  async release(key: string): Promise<void> {
    await this.redis.releaseOne(`rl:${key}`).catch(() => undefined); // an outage lets requests through anyway
  }

  /** Nest calls it when the application closes. */
  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
