import { randomBytes } from 'crypto';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApplication } from '../../src/bootstrap';
import { ModuleImport } from '../../src/app.module';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { JsonLogger } from '../../src/common/logging/json-logger';
import { provisionBusiness, ProvisionedBusiness } from '../../src/modules/businesses/business-provisioning';
import { CitusNode, cloneCitusDatabase, createCitusDatabase } from './citus-cluster';
import { OpenApiDocument, ResponseChecker, Violation } from './openapi-document';

export interface TestApp {
  app: NestExpressApplication;
  db: DataSource;
  databaseUrl: string;
  http: () => request.Agent;
  close(): Promise<void>;
}

export interface TestBusiness extends ProvisionedBusiness {
  auth: { Authorization: string };
}

/** An ISO 8601 UTC timestamp with milliseconds, the form of every timestamp in a response (docs/api.md 1). */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A new database name of this run, listed for the spec file's environment (test/helpers/e2e-environment.js),
 * which drops the file's databases when it is done on a Citus cluster.
 */
function newDatabaseName(template: string): string {
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  (globalThis as { __boDatabases?: string[] }).__boDatabases?.push(name);
  return name;
}

/** An empty database of this run (on Citus, on every node with the extension and the workers registered); its URL. */
export async function createDatabase(): Promise<string> {
  const server = process.env.TEST_SERVER_URL;
  const template = process.env.TEST_TEMPLATE_DB;
  if (!server || !template) throw new Error("TEST_SERVER_URL and TEST_TEMPLATE_DB are set by the e2e project's globalSetup (test/global-setup.js)");
  const name = newDatabaseName(template);
  if (process.env.TEST_CITUS_WORKERS) {
    await createCitusDatabase(server, JSON.parse(process.env.TEST_CITUS_WORKERS) as CitusNode[], name);
  } else {
    const client = new Client({ connectionString: `${server}/postgres` });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
  }
  return `${server}/${name}`;
}

/** A fresh database cloned from the migrated template of this run (on Citus, on every node); returns its URL. */
export async function cloneTemplateDatabase(): Promise<string> {
  const server = process.env.TEST_SERVER_URL;
  const template = process.env.TEST_TEMPLATE_DB;
  if (!server || !template)
    throw new Error("TEST_SERVER_URL and TEST_TEMPLATE_DB are set by the e2e project's globalSetup (test/global-setup.js): run through jest.config.js");
  const name = newDatabaseName(template);
  if (process.env.TEST_CITUS_WORKERS) {
    // Citus: the template copied on every node (test/helpers/citus-cluster.ts)
    await cloneCitusDatabase(server, JSON.parse(process.env.TEST_CITUS_WORKERS) as CitusNode[], template, name);
    return `${server}/${name}`;
  }
  const client = new Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await client.end();
  }
  return `${server}/${name}`;
}

/**
 * The real AppModule on its own fresh database (a clone of the migrated template), or on `databaseUrl`
 * (a second process of one deployment); `logger` sees every log record; `modules` adds test-only
 * modules (a test effect).
 */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  options: { databaseUrl?: string; logger?: JsonLogger; modules?: ModuleImport[] } = {},
): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await cloneTemplateDatabase());
  // the background analytics warm-up stays off unless a spec asks for it: most specs watch what a request builds;
  // so does the API-key cache, whose revocations land a notification later (test/api-key-cache.e2e-spec.ts)
  const config: AppConfig = {
    ...loadConfig(),
    databaseUrl,
    logLevel: 'error',
    rateLimitPerMinute: 0,
    authFailuresPerMinute: 0,
    analyticsWarmIntervalMs: 0,
    apiKeyCacheMs: 0,
    // and the keys' last use: its batched writes would change api_keys under the specs' snapshots (test/api-keys.e2e-spec.ts turns it on)
    apiKeyUsageFlushMs: 0,
    ...overrides,
  };
  const { app } = await createApplication(config, options.logger ?? new JsonLogger(config.logLevel), options.modules);
  await app.init();
  const server = app.getHttpServer();
  const checker = new ResponseChecker((await request(server).get('/docs-json').expect(200)).body as OpenApiDocument);
  const violations: Violation[] = [];
  return {
    app,
    db: app.get(DataSource),
    databaseUrl,
    http: () => checkedAgent(server, checker, violations),
    close: async () => {
      await app.close();
      if (violations.length > 0) {
        throw new Error(`responses the OpenAPI document does not describe:\n${violations.map((v) => `  ${v.request}: ${v.problem}`).join('\n')}`);
      }
    },
  };
}

/**
 * A supertest agent whose every response is checked against the app's OpenAPI document (docs/api.md
 * 15); what does not match is collected and fails the spec file when its app closes.
 */
function checkedAgent(server: Parameters<typeof request.agent>[0], checker: ResponseChecker, violations: Violation[]): request.Agent {
  const agent = request.agent(server);
  for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
    const send: (url: string) => request.Test = agent[method].bind(agent);
    Object.assign(agent, {
      [method]: (url: string) =>
        send(url).on('response', (res: request.Response) => {
          const problem = checker.check(method.toUpperCase(), url, res.status, res.body, res.headers['content-type']);
          if (problem) violations.push({ request: `${method.toUpperCase()} ${url} -> ${res.status}`, problem });
        }),
    });
  }
  return agent;
}

/** A business of its own for each test, so tests never depend on one another. */
export async function createBusiness(t: TestApp, name = 'Test Shop', options: { currency?: string; timezone?: string } = {}): Promise<TestBusiness> {
  const biz = await t.db.transaction((m) => provisionBusiness(m, { name, ...options }));
  return { ...biz, auth: { Authorization: `Bearer ${biz.api_key}` } };
}

/** Row count of a table for one business: the "a failed request writes nothing" checks. */
export async function countRows(t: TestApp, table: string, businessId: string): Promise<number> {
  const [row] = await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE business_id = $1`, [businessId]);
  return row.n;
}

/** Requests as one business, on paths below /api/v1. */
export function apiAs(t: TestApp, biz: TestBusiness) {
  return {
    get: (path: string) => t.http().get(`/api/v1${path}`).set(biz.auth),
    post: (path: string, body: object) => t.http().post(`/api/v1${path}`).set(biz.auth).send(body),
    put: (path: string, body: object) => t.http().put(`/api/v1${path}`).set(biz.auth).send(body),
    del: (path: string) => t.http().delete(`/api/v1${path}`).set(biz.auth),
  };
}
