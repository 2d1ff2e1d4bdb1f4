import 'dotenv/config';
import * as os from 'os';
import * as path from 'path';

/** Typed configuration, read once from the environment (`.env` is loaded when present). */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dbPoolMax: number;
  /** Longest a statement of request work may run (lock waits included) before it is cancelled: 503. 0 = no limit. */
  dbStatementTimeoutMs: number;
  /** The same for analytics rollup builds and `cli verify`, which read long histories. */
  dbLongStatementTimeoutMs: number;
  /** Longest wait for a pooled connection (a new one included). */
  dbConnectTimeoutMs: number;
  embeddedDataDir: string;
  embeddedPort: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  bodyLimit: string;
  rateLimitPerMinute: number;
  /** How long a process keeps an API key's lookup (dropped at once when the key changes: LISTEN/NOTIFY); 0 = no cache. */
  apiKeyCacheMs: number;
  /** How often the API keys' last use is written (in one statement, at most once a minute per key); 0 = not recorded. */
  apiKeyUsageFlushMs: number;
  /** Redis holding the rate-limit counters of every process (unset: each process counts in its memory). */
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis keys. */
  redisKeyPrefix: string;
  /** Refused API keys (missing, malformed, unknown, revoked) per client address per minute before 429; 0 = no limit. */
  authFailuresPerMinute: number;
  /** A staff session ends after this many minutes without a request (docs/api.md 19). */
  sessionIdleMinutes: number;
  /** ... and this many hours after sign-in, whatever its use. */
  sessionMaxHours: number;
  /** Behind one reverse proxy: its X-Forwarded-Proto says https (the session cookie's Secure) and X-Forwarded-For the client's address. */
  trustProxy: boolean;
  corsOrigins: string[];
  webhookAllowInsecure: boolean;
  webhookTimeoutMs: number;
  webhookMaxAttempts: number;
  webhookDispatchIntervalMs: number;
  /** false: this process records events but delivers none (another process, or a later start, does). */
  webhookDispatcher: boolean;
  /** How often the background analytics warm-up runs (AnalyticsWarmer); 0 = never (reports build on first read). */
  analyticsWarmIntervalMs: number;
  /** Activity log entries older than this many days are removed by the retention job (docs/api.md 20). */
  activityRetentionDays: number;
  /** How often the activity log's retention job runs (ActivityRetention); 0 = never. */
  activityRetentionIntervalMs: number;
  /** Where CSV imports' uploads wait until they are validated (docs/api.md 23); shared by the processes of one machine. */
  importUploadDir: string;
  /** How often a process looks for imports to validate or apply that no process holds (one interrupted by a restart); 0 = never. */
  importResumeIntervalMs: number;
  /** Deliveries in flight at once in this process. */
  webhookConcurrency: number;
  /** SMTP server of invoice mail (`smtp://user:pass@host:587`, `smtps://...`); unset: no mail (docs/api.md 17). */
  smtpUrl: string | undefined;
  /** The From address of invoice mail (the business's name is its display name). */
  mailFrom: string;
  /** Attempts of one mail before it is `failed`. */
  mailMaxAttempts: number;
  /** Backoff after the first failed attempt, doubled after each next one (capped at an hour). */
  mailRetryBaseMs: number;
  /** Connection, greeting and socket timeout of one SMTP attempt. */
  mailTimeoutMs: number;
  mailDispatchIntervalMs: number;
  /** false: this process records mail but sends none (another process does). */
  mailDispatcher: boolean;
  /** Mails in flight at once in this process. */
  mailConcurrency: number;
  /** The service's address as people reach it (PUBLIC_URL, no trailing slash): the links of staff invitations and resets (docs/api.md 19). */
  publicUrl: string;
  /** Port of GET /metrics (Prometheus text), a listener apart from the API's; unset: no metrics served. */
  metricsPort: number | undefined;
  /** Address the metrics listener binds (127.0.0.1: reachable from this host only). */
  metricsHost: string;
  /** After SIGTERM, how long readiness answers 503 while requests are still served, before the shutdown proper. */
  shutdownDelayMs: number;
}

function intFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Environment variable ${name} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

function boolFrom(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

export function loadConfig(): AppConfig {
  const logLevel = (process.env.LOG_LEVEL ?? 'info') as AppConfig['logLevel'];
  return {
    port: intFrom('PORT', 3000),
    host: process.env.HOST || '0.0.0.0',
    databaseUrl: process.env.DATABASE_URL || undefined,
    dbPoolMax: intFrom('DB_POOL_MAX', 20),
    dbStatementTimeoutMs: intFrom('DB_STATEMENT_TIMEOUT_MS', 5000),
    dbLongStatementTimeoutMs: intFrom('DB_LONG_STATEMENT_TIMEOUT_MS', 120000),
    dbConnectTimeoutMs: intFrom('DB_CONNECT_TIMEOUT_MS', 5000),
    embeddedDataDir: process.env.EMBEDDED_PG_DIR || '.data/pg',
    embeddedPort: intFrom('EMBEDDED_PG_PORT', 54329),
    logLevel: ['debug', 'info', 'warn', 'error'].includes(logLevel) ? logLevel : 'info',
    bodyLimit: process.env.BODY_LIMIT || '1mb',
    rateLimitPerMinute: intFrom('RATE_LIMIT_PER_MINUTE', 1200),
    apiKeyCacheMs: intFrom('API_KEY_CACHE_MS', 60000),
    apiKeyUsageFlushMs: intFrom('API_KEY_USAGE_FLUSH_MS', 10000),
    redisUrl: process.env.REDIS_URL || undefined,
    redisKeyPrefix: process.env.REDIS_KEY_PREFIX || 'bo:',
    authFailuresPerMinute: intFrom('AUTH_FAILURES_PER_MINUTE', 60),
    sessionIdleMinutes: Math.max(1, intFrom('SESSION_IDLE_MINUTES', 720)),
    sessionMaxHours: Math.max(1, intFrom('SESSION_MAX_HOURS', 168)),
    trustProxy: boolFrom('TRUST_PROXY', false),
    corsOrigins: (process.env.CORS_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webhookAllowInsecure: boolFrom('WEBHOOK_ALLOW_INSECURE', false),
    webhookTimeoutMs: intFrom('WEBHOOK_TIMEOUT_MS', 10000),
    webhookMaxAttempts: Math.max(1, intFrom('WEBHOOK_MAX_ATTEMPTS', 1)),
    webhookDispatchIntervalMs: intFrom('WEBHOOK_DISPATCH_INTERVAL_MS', 1000),
    webhookDispatcher: boolFrom('WEBHOOK_DISPATCHER', true),
    analyticsWarmIntervalMs: intFrom('ANALYTICS_WARM_INTERVAL_MS', 60000),
    activityRetentionDays: Math.max(1, intFrom('ACTIVITY_RETENTION_DAYS', 400)),
    activityRetentionIntervalMs: intFrom('ACTIVITY_RETENTION_INTERVAL_MS', 3_600_000),
    importUploadDir: process.env.IMPORT_UPLOAD_DIR || path.join(os.tmpdir(), 'backoffice-imports'),
    importResumeIntervalMs: intFrom('IMPORT_RESUME_INTERVAL_MS', 5000),
    webhookConcurrency: Math.max(1, intFrom('WEBHOOK_CONCURRENCY', 64)),
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || 'invoices@localhost',
    mailMaxAttempts: Math.max(1, intFrom('MAIL_MAX_ATTEMPTS', 5)),
    mailRetryBaseMs: intFrom('MAIL_RETRY_BASE_MS', 30000),
    mailTimeoutMs: Math.max(1, intFrom('MAIL_TIMEOUT_MS', 15000)),
    mailDispatchIntervalMs: intFrom('MAIL_DISPATCH_INTERVAL_MS', 1000),
    mailDispatcher: boolFrom('MAIL_DISPATCHER', true),
    mailConcurrency: Math.max(1, intFrom('MAIL_CONCURRENCY', 4)),
    publicUrl: (process.env.PUBLIC_URL || `http://localhost:${intFrom('PORT', 3000)}`).replace(/\/+$/, ''),
    metricsPort: process.env.METRICS_PORT ? intFrom('METRICS_PORT', 0) : undefined,
    metricsHost: process.env.METRICS_HOST || '127.0.0.1',
    shutdownDelayMs: intFrom('SHUTDOWN_DELAY_MS', 0),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
