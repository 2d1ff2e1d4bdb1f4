import { DocumentedRoute } from './helpers/route-cases';
import { attacksOn } from './helpers/route-cases-attacks';
import { derivedIsolationCalls, uncovered } from './helpers/route-cases-derived';
import { IsolationCall } from './helpers/route-cases-isolation';
import { Instance, Maker, ResourceFixture } from './helpers/route-fixtures';

/**
 * Issue 32 point 3: cases derived from a resource's fixture do not share state. The API here is made
 * up (no app): things keyed by a code that is unique per business, the shape of a gift card. In the
 * old layout every case was built on one shared world, in document order: a case letting B create a
 * thing with A's code turned the later "B cannot read A's thing" into a 200. Each case now makes its
 * own instance of A, so what one case did cannot change what a later one sees.
 */
class Things {
  private readonly codes = new Map<string, Set<string>>();

  /** one request of `business`: POST /things {code}, GET /things/{code} */
  handle(business: string, method: string, path: string, body?: any): { status: number; data?: unknown } {
    const mine = this.codes.get(business) ?? this.codes.set(business, new Set()).get(business)!;
    if (method === 'POST' && path === '/things') {
      if (mine.has(body.code)) return { status: 409 };
      mine.add(body.code);
      return { status: 201, data: { code: body.code } };
    }
    const code = decodeURIComponent(path.split('/')[2] ?? '');
    return mine.has(code) ? { status: 200, data: { code } } : { status: 404 };
  }

  maker(business: string): Maker {
    return (method, path, body) => {
      const res = this.handle(business, method, path, body);
      return res.status >= 300 ? Promise.reject(new Error(`${method} ${path} -> ${res.status}`)) : Promise.resolve(res.data);
    };
  }
}

const routes: DocumentedRoute[] = [
  { method: 'POST', path: '/things', key: 'POST /things', operation: { responses: { 201: {} } } },
  { method: 'GET', path: '/things/{code}', key: 'GET /things/{code}', operation: { parameters: [{ in: 'path', name: 'code', schema: { type: 'string' } }] } },
];

const fixture: ResourceFixture = {
  make: async (made, n, route, theirs): Promise<Instance> => {
    if (route.path === '/things') return { params: {}, body: { code: theirs?.ids?.code ?? `T-${n}` } };
    const code = (await made('POST', '/things', { code: `T-${n}` })).code;
    return { params: { code }, ids: { code } };
  },
};

/** The cases of both routes in document order, run as B; the statuses B got, by case. */
function runAsB(api: Things, cases: IsolationCall[][]): Record<string, number> {
  const got: Record<string, number> = {};
  for (const c of cases.flat()) got[c.label] = api.handle('B', routes.find((r) => c.path.startsWith(r.path.split('{')[0]))!.method, c.path, c.body).status;
  return got;
}

describe('route cases from fixtures: isolated state per case', () => {
  it("a case in which B takes A's code does not change what a later case sees", async () => {
    const api = new Things();
    let n = 0;
    const cases = [];
    for (const route of routes) cases.push(await derivedIsolationCalls(route, fixture, api.maker('A'), api.maker('B'), () => ++n));
    expect(cases.flat().map((c) => [c.label, c.expect.kind])).toEqual([
      ["B writes things beside A's", 'own'],
      ["A's things", 'not_found'],
    ]);
    // B's create uses A's code; the read is of another instance of A, made for that case alone
    expect(runAsB(api, cases)).toEqual({ "B writes things beside A's": 201, "A's things": 404 });
  });

  it('the hazard is real: on one shared instance (the old world) the second case reads 200', async () => {
    const api = new Things();
    const shared = await fixture.make(api.maker('A'), 1, routes[1]);
    const sharedFixture: ResourceFixture = {
      make: (made, n, route, theirs) => (route.path === '/things' ? fixture.make(made, n, route, theirs) : Promise.resolve(shared)),
    };
    const cases = [];
    for (const route of routes) cases.push(await derivedIsolationCalls(route, sharedFixture, api.maker('A'), api.maker('B'), () => 2));
    expect(runAsB(api, cases)).toEqual({ "B writes things beside A's": 201, "A's things": 200 });
  });

  it('a route without a fixture of its resource is reported', () => {
    expect(uncovered(routes, {})).toEqual([
      'POST /things: no fixture for /things in test/helpers/route-fixtures.ts',
      'GET /things/{code}: no fixture for /things in test/helpers/route-fixtures.ts',
    ]);
    expect(uncovered(routes, { things: fixture })).toEqual([]);
  });
});

/** Issue 32 point 3: a valid body may hold an empty array (`tags: []`) where the route allows one. */
describe('route cases: arrays that may be empty', () => {
  const verdicts = (body: Record<string, unknown>, emptyArrays?: string[]) =>
    Object.fromEntries(
      attacksOn(body, { emptyArrays })
        .filter((a) => a.label.startsWith('tags as'))
        .map((a) => [a.label, a.verdict]),
    );

  it('refuses an empty array unless the case says the array may be empty', () => {
    expect(verdicts({ tags: ['a'] })['tags as an empty array']).toBe('reject');
    expect(verdicts({ tags: ['a'] }, ['tags'])['tags as an empty array']).toBe('tolerate');
  });

  it('attacks a valid empty array without guessing its elements', () => {
    const got = verdicts({ tags: [] }, ['tags']);
    expect(got['tags as an empty array']).toBe('tolerate');
    expect(got['tags as 1001 copies']).toBe('reject');
    expect(got['tags as ["x"]']).toBeUndefined();
    expect(got['tags as [5]']).toBeUndefined();
  });
});
