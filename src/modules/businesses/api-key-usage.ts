import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { runStatement } from '../../database/run-statement';
import { recordApiKeysUsed } from './persistence/api-keys.sql';

/** A key's `last_used_at` is kept to the minute: one write per key and minute at most. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * `last_used_at` of the keys (docs/api.md 18) without a write per request: a request only notes its
 * key in memory (no await, no statement), at most once a minute per key; every
 * API_KEY_USAGE_FLUSH_MS the noted keys are written in one statement, which also skips keys another
 * process wrote within the minute. At shutdown what is noted is written. A failed write is logged
 * and dropped (the next use notes the key again): usage is a hint, never worth failing a request.
 */
@Injectable()
export class ApiKeyUsage implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ApiKeyUsage');
  private readonly flushMs: number;
  /** key id -> when it was seen, not yet written */
  private pending = new Map<string, Date>();
  /** key id -> when this process last took it for writing */
  private readonly taken = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** the last write started or queued (never rejects), and the queued one not yet started */
  private lastWrite: Promise<void> = Promise.resolve();
  private nextWrite: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.flushMs = config.apiKeyUsageFlushMs;
  }

  onApplicationBootstrap(): void {
    if (this.flushMs === 0) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** A request authenticated with the key: noted, unless the key was taken for writing within the minute. */
  seen(keyId: string): void {
    if (this.flushMs === 0) return;
    const now = Date.now();
    const taken = this.taken.get(keyId);
    if ((taken !== undefined && now - taken < LAST_USED_RESOLUTION_MS) || this.pending.has(keyId)) return;
    this.pending.set(keyId, new Date(now));
  }

  /**
   * Writes the noted keys in one statement, after the write under way (the timer's may have taken
   * keys the caller noted): when it returns, every key noted before the call is written. Calls made
   * while a write waits for its turn share it; the write takes what is noted when it starts.
   */
  flush(): Promise<void> {
    if (!this.nextWrite) {
      const next = this.lastWrite.then(() => {
        this.nextWrite = undefined;
        return this.write();
      });
      this.nextWrite = next;
      this.lastWrite = next;
    }
    return this.nextWrite;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const now = Date.now();
    for (const [id, at] of this.taken) if (now - at >= LAST_USED_RESOLUTION_MS) this.taken.delete(id);
    for (const [id, at] of batch) this.taken.set(id, at.getTime());
    const seen = [...batch.values()];
    const minuteBefore = seen.map((at) => new Date(at.getTime() - LAST_USED_RESOLUTION_MS));
    await runStatement(this.dataSource, recordApiKeysUsed, [[...batch.keys()], seen, minuteBefore]).catch((err: Error) =>
      this.logger.warn({ msg: 'recording the last use of API keys failed', keys: batch.size, error: err?.message ?? String(err) }),
    );
  }
}
