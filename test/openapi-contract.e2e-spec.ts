import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { isPublicPath } from '../src/common/auth/public-paths';
import { OpenApiDocument, OperationObject, ResponseChecker } from './helpers/openapi-document';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/** docs/api.md 15: the OpenAPI document describes every route's success body and error statuses. */
describe('OpenAPI document as a contract', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.http().get('/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  function operations(): { name: string; operation: OperationObject }[] {
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
  }

  /** What is missing from one operation's description, empty when complete. */
  function gaps({ operation }: { operation: OperationObject }): string[] {
    const problems: string[] = [];
    if (!operation.summary) problems.push('no summary');
    const statuses = Object.keys(operation.responses);
    const success = statuses.filter((s) => s.startsWith('2'));
    if (success.length === 0) problems.push('no success response');
    for (const status of success) {
      if (status !== '204' && !operation.responses[status].content) problems.push(`${status} without a body schema`);
    }
    const errors = statuses.filter((s) => /^[45]/.test(s));
    if (errors.length === 0) problems.push('no error response');
    for (const status of errors) {
      if (!operation.responses[status].content) problems.push(`${status} without the error body`);
    }
    const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
    if (!isPublic && !statuses.includes('401')) problems.push('protected but no 401');
    return problems;
  }

  it('describes every route: summary, success body, error statuses with the error body', () => {
    const incomplete = operations()
      .map((op) => ({ name: op.name, problems: gaps(op) }))
      .filter((op) => op.problems.length > 0);
    expect(incomplete).toEqual([]);
    expect(operations().length).toBeGreaterThan(50);
  });

  it('the public paths authentication lets through before routing are exactly the routes without security', () => {
    const mismatched = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.values(ops).flatMap((operation) => {
        const documentedPublic = Array.isArray(operation.security) && operation.security.length === 0;
        const concrete = route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        return documentedPublic === isPublicPath(concrete) ? [] : [{ route, documentedPublic }];
      }),
    );
    expect(mismatched).toEqual([]);
    expect(isPublicPath('/docs-json')).toBe(true);
    expect(isPublicPath('/docs/swagger-ui.css')).toBe(true);
    expect(isPublicPath('/api/v1/products')).toBe(false);
  });

  it('passes `redocly lint` with the committed redocly.yaml: no errors', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redocly-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const root = path.join(__dirname, '..');
      const cli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const result = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'], {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((err: { stdout: string; stderr: string }) => err);
      const output = `${result.stdout}${result.stderr}`;
      expect(output).not.toMatch(/^error\s/m);
      expect(output).toContain('Your API description is valid');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('describes the API key as a bearer key, not a JWT', () => {
    const schemes = (doc as unknown as { components: { securitySchemes: Record<string, { bearerFormat?: string; scheme?: string }> } }).components
      .securitySchemes;
    for (const scheme of Object.values(schemes)) expect(scheme.bearerFormat).not.toBe('JWT');
  });

  it('the checker refuses a body the document does not describe, and an undocumented status', async () => {
    const biz = await createBusiness(t);
    const created = await apiAs(t, biz).post('/categories', { name: 'Tea' }).expect(201);
    const checker = new ResponseChecker(doc);
    expect(checker.check('POST', '/api/v1/categories', 201, created.body)).toBeNull();
    expect(checker.check('POST', '/api/v1/categories', 201, { success: true, data: { ...created.body.data, name: 7 } })).toMatch(/name/);
    expect(checker.check('POST', '/api/v1/categories', 201, { success: true, data: { id: created.body.data.id } })).toMatch(/required/);
    expect(checker.check('POST', '/api/v1/categories', 201, { success: true, data: { ...created.body.data, colour: 'red' } })).toMatch(/additional properties/);
    expect(checker.check('POST', '/api/v1/categories', 201, { ...created.body, meta: {} })).toMatch(/additional properties/);
    expect(checker.check('POST', '/api/v1/categories', 418, {})).toMatch(/418 is not documented/);
    const missing = await apiAs(t, biz).get('/categories/00000000-0000-4000-8000-000000000000').expect(404);
    expect(checker.check('GET', '/api/v1/categories/00000000-0000-4000-8000-000000000000', 404, missing.body)).toBeNull();
    expect(
      checker.check('GET', '/api/v1/categories/00000000-0000-4000-8000-000000000000', 404, { success: false, error: { code: 'SKU_TAKEN', message: 'x' } }),
    ).toMatch(/enum|allowed/);
  });
});
