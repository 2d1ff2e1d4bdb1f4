import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { BusinessContext } from '../../common/auth/business-context';
import { ALL_API_KEYS, LISTEN_API_KEY_CHANGES } from './persistence/api-keys.sql';

const RELISTEN_AFTER_MS = 1000;

/**
 * Businesses of active API keys by key hash, in this process, trusted only while a connection of its
 * own LISTENs to the database's notifications of key changes: a revocation (by any process, the CLI
 * or plain SQL) drops the entry when its transaction commits. While that connection is down, nothing
 * is served from the cache and nothing enters it; it is emptied when the connection is lost. An
 * entry also lapses after `ttlMs`.
 */
export class ApiKeyCache {
  private readonly logger = new Logger('ApiKeyCache');
  private readonly entries = new Map<string, { business: BusinessContext; until: number }>();
  /** bumped by every change and every lost connection: a lookup read before one is not cached */
  private generation = 0;
  private client: Client | undefined;
  private listening = false;
  private stopped = false;
  private relisten: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async start(): Promise<void> {
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.relisten);
    this.forgetAll();
    await this.client?.end().catch(() => undefined);
  }

  /** True while change notifications arrive, so entries may be served. */
  get active(): boolean {
    return this.listening;
  }

  get(keyHash: string): BusinessContext | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(keyHash);
    if (entry && entry.until > Date.now()) return entry.business;
    if (entry) this.entries.delete(keyHash);
    return undefined;
  }

  /** Taken before a lookup and given back to `set`, so a lookup that a change overtook is not kept. */
  version(): number {
    return this.generation;
  }

  set(keyHash: string, business: BusinessContext, readAtVersion: number): void {
    if (!this.listening || readAtVersion !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyHash, { business, until: Date.now() + this.ttlMs });
  }

  private forget(keyHash: string | undefined): void {
    this.generation++;
    if (keyHash === undefined || keyHash === ALL_API_KEYS) this.entries.clear();
    else this.entries.delete(keyHash);
  }

  private forgetAll(): void {
    this.listening = false;
    this.forget(ALL_API_KEYS);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    let gone = false;
    const lost = (err?: Error) => {
      if (gone) return;
      gone = true;
      this.forgetAll();
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(`key change notifications lost, lookups go to the database until they are back: ${err?.message ?? 'connection ended'}`);
      this.relisten = setTimeout(() => void this.listen(), RELISTEN_AFTER_MS);
      this.relisten.unref();
    };
    client.on('notification', (n) => this.forget(n.payload));
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(LISTEN_API_KEY_CHANGES);
      if (this.stopped) return void client.end().catch(() => undefined);
      this.client = client;
      this.listening = true;
    } catch (err) {
      lost(err as Error);
    }
  }
}
