import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, CallResult, documentedRoutes, DocumentedRoute, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { bodyCaseFor, derivedOwnPaths, makerFor } from './helpers/route-cases-derived';
import { HostileContext } from './helpers/route-cases-hostile';
import { fieldName, requestBodyFields, valueAt, withValueAt } from './helpers/request-schemas';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

/** One character (code point) of two UTF-16 units and four UTF-8 bytes. */
const EMOJI = '\u{1F600}';
/** `count` characters, mostly emoji, starting with `n` so that values of unique fields differ. */
const characters = (count: number, n: number) => `${n}`.slice(0, count) + EMOJI.repeat(Math.max(0, count - `${n}`.length));

/** A 400 detail of the field that speaks of its length. */
const LENGTH_MESSAGE = /at most \d+ characters|\d+ to \d+ characters$|longer|shorter/i;
const refusedForLength = (res: CallResult, name: string) =>
  res.status === 400 && (res.body.error?.details ?? []).some((d: { field: string; message: string }) => d.field === name && LENGTH_MESSAGE.test(d.message));

/**
 * Issue 40 point 10 (docs/api.md 1): text limits count characters (Unicode code points), not UTF-16
 * units: 51 emoji were refused as a key name over 100 characters. Derived from the live document:
 * every string field with a maxLength of every request body, and every such query parameter.
 */
describe('hostile input: text limits count characters', () => {
  let t: TestApp;
  let w: World;
  let routes: DocumentedRoute[];
  let document: any;
  let n = 0;
  const ctx = (): HostileContext => ({ t, w, n: ++n });

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Emoji'), 'E', await refusingUrl());
    ({ routes, document } = await documentedRoutes(t));
  }, 60_000);
  afterAll(() => t.close());

  it('takes a key name of 100 emoji, stores it whole, and refuses 101', async () => {
    const name = EMOJI.repeat(100);
    const made = await call(t, w.auth, 'POST', '/api-keys', { body: { name, scopes: ['sales'] } });
    expect([made.status, made.body.data?.name]).toEqual([201, name]);
    const listed = await call(t, w.auth, 'GET', '/api-keys');
    expect(listed.body.data.map((k: { name: string }) => k.name)).toContain(name);
    const over = await call(t, w.auth, 'POST', '/api-keys', { body: { name: `${name}${EMOJI}`, scopes: ['sales'] } });
    expect(refusedForLength(over, 'name')).toBe(true);
  });

  it('takes a product name of 200 emoji and reads it back whole', async () => {
    const name = EMOJI.repeat(200);
    const made = await call(t, w.auth, 'POST', '/products', { body: { name, price: 1 } });
    expect(made.status).toBe(201);
    const read = await call(t, w.auth, 'GET', `/products/${made.body.data.id}`);
    expect(read.body.data.name).toBe(name);
  });

  it('never refuses maxLength characters of a body field for its length, and refuses maxLength + 1', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const route of routes) {
      const c = bodyCaseFor(route);
      if (!c?.body) continue;
      const texts = requestBodyFields(document, route.operation).filter((f) => f.schema.type === 'string' && typeof f.schema.maxLength === 'number');
      for (const field of texts) {
        const name = fieldName(field.path);
        const send = async (count: number, tail = '') => {
          const c0 = ctx();
          const path = await c.path(c0);
          const valid = c.body!(c0);
          const value = characters(count, c0.n) + tail;
          const body =
            valueAt(valid, field.path) === undefined && field.path.length === 1 ? { ...valid, [name]: value } : withValueAt(valid, field.path, () => value);
          return call(t, w.auth, route.method, path, { body });
        };
        const atMax = await send(field.schema.maxLength);
        if (refusedForLength(atMax, name) || atMax.status >= 500)
          problems.push(`${route.key} ${name} of ${field.schema.maxLength} characters -> ${atMax.status} ${atMax.text.slice(0, 200)}`);
        // one emoji more, or a variation selector more (a code point validator.js's isLength does not count)
        for (const [label, over] of [
          ['an emoji', await send(field.schema.maxLength + 1)],
          ['U+FE0F', await send(field.schema.maxLength, '\uFE0F')],
        ] as const) {
          if (over.status !== 400 || !(over.body.error?.details ?? []).some((d: { field: string }) => d.field === name))
            problems.push(`${route.key} ${name} of ${field.schema.maxLength} characters and ${label} -> ${over.status} ${over.text.slice(0, 120)}`);
        }
        checked.push(`${route.key} ${name}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(['POST /api-keys name', 'POST /products name', 'POST /customers name', 'POST /stock/adjustments note']));
  }, 300_000);

  it('never refuses a query text of maxLength characters for its length', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const texts = (route.operation.parameters ?? []).filter(
        (p: any) => p.in === 'query' && p.schema?.type === 'string' && typeof p.schema.maxLength === 'number',
      );
      if (texts.length === 0) continue;
      const [path] = await derivedOwnPaths(route, makerFor(t, w.auth), () => ++n);
      for (const p of texts) {
        // the parameter in place of the value the path may already give it (GET /search?q=...)
        const [bare, given = ''] = path.split('?');
        const others = given.split('&').filter((pair) => pair !== '' && pair.split('=')[0] !== p.name);
        const send = (count: number) => call(t, w.auth, 'GET', `${bare}?${[...others, `${p.name}=${encodeURIComponent(characters(count, 1))}`].join('&')}`);
        const atMax = await send(p.schema.maxLength);
        if (atMax.status !== 200) problems.push(`${route.key} ?${p.name} of ${p.schema.maxLength} characters -> ${atMax.status} ${atMax.text.slice(0, 200)}`);
        const over = await send(p.schema.maxLength + 1);
        if (!refusedForLength(over, p.name)) problems.push(`${route.key} ?${p.name} of ${p.schema.maxLength + 1} characters -> ${over.status}`);
        checked.push(`${route.key} ${p.name}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(5);
  }, 300_000);
});
