/**
 * Hostile requests derived from one valid body: transport-level garbage (malformed JSON, wrong
 * media types, 2 MB, deep nesting), every field replaced by wrong types, huge strings and numbers,
 * NaN/Infinity look-alikes, NUL bytes, negative and fractional numbers where they are not allowed,
 * prototype-pollution keys in every object, and SQL/markup/unicode text in the free-text fields.
 * The attack list of a body depends only on its shape, so index i is the same attack for every
 * fresh copy of the body (fields such as SKUs differ between copies).
 */
export type Verdict =
  /** a 4xx (the given status and code when set) with the contract's error body, and nothing written */
  | 'reject'
  /** anything but a 5xx; a 4xx has the contract's error body */
  | 'tolerate'
  /** a 2xx that gives the text back verbatim, or a 4xx */
  | 'echo';

export interface Attack {
  label: string;
  raw: string;
  contentType?: string;
  headers?: Record<string, string>;
  verdict: Verdict;
  status?: number;
  code?: string;
  /** for echo: the text that must come back */
  text?: string;
  field?: string;
}

type Path = (string | number)[];
const RAW = (i: number) => `__RAW_VALUE_${i}__`;

export const dotted = (path: Path) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

/** Sets path in a copy of root; `raw` values are spliced into the JSON text as given. */
function withValue(root: unknown, path: Path, value: unknown, raw?: string): string {
  const copy = clone(root) as any;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]] = raw === undefined ? value : RAW(0);
  const text = JSON.stringify(copy);
  return raw === undefined ? text : text.replace(`"${RAW(0)}"`, raw);
}

/** Every field of the body (the first element standing for each array), containers included. */
function fields(value: unknown, path: Path = [], out: { path: Path; value: unknown }[] = []): { path: Path; value: unknown }[] {
  if (path.length > 0) out.push({ path, value });
  if (Array.isArray(value)) {
    if (value.length > 0) fields(value[0], [...path, 0], out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) fields(v, [...path, k], out);
  }
  return out;
}

const HUGE_TEXT = 'x'.repeat(100_000);

/** wrong values for a field of the given sample value: [label, value, raw JSON text?][] */
function rejectedValues(sample: unknown, opts: { integer: boolean; signed: boolean; cost: boolean; mayBeEmpty: boolean }): [string, unknown, string?][] {
  const common: [string, unknown, string?][] = [
    ['an object', { $gt: '' }],
    ['a boolean', true],
  ];
  if (typeof sample === 'string') {
    return [
      ...common,
      ['a number', 12345],
      ['an empty array', []],
      ['an array of strings', [sample]],
      ['100k characters', HUGE_TEXT],
      ['a NUL byte', `a\u0000b`],
      ['only a NUL byte', '\u0000'],
    ];
  }
  if (typeof sample === 'number') {
    const out: [string, unknown, string?][] = [
      ...common,
      ['a numeric string', '12'],
      ['an exponent string', '1e3'],
      ['"NaN"', 'NaN'],
      ['"Infinity"', 'Infinity'],
      ['"-Infinity"', '-Infinity'],
      ['an array', [1]],
      ['1e308', 1e308],
      ['-1e308', -1e308],
      ['1e20', 1e20],
      ['1e309 (Infinity once parsed)', undefined, '1e309'],
      ['-1e309', undefined, '-1e309'],
      // money has 2 decimals, quantities 3, unit costs 4
      ...((opts.cost
        ? [
            ['5 decimals', 0.00001],
            ['-5 decimals', -0.00001],
          ]
        : [
            ['4 decimals', 0.0001],
            ['-4 decimals', -0.0001],
          ]) as [string, number][]),
    ];
    if (opts.integer) out.push(['a fraction', 1.5], ['zero', 0]);
    if (!opts.signed) out.push(['a negative number', -1]);
    if (opts.signed) out.push(['zero', 0]);
    return out;
  }
  if (typeof sample === 'boolean') {
    return [
      ['an object', {}],
      ['"true"', 'true'],
      ['1', 1],
      ['0', 0],
      ['"yes"', 'yes'],
      ['an array', [true]],
    ];
  }
  if (Array.isArray(sample)) {
    // an empty valid array says nothing of its elements' type: only the attacks that need none
    const element = sample.length > 0 ? sample[0] : null;
    return [
      ...common,
      ['a string', 'x'],
      ['a number', 5],
      ...(opts.mayBeEmpty ? [] : ([['an empty array', []]] as [string, unknown][])),
      ['[null]', [null]],
      ['1001 copies', Array.from({ length: 1001 }, () => element)],
      ...(sample.length === 0 ? [] : ([typeof element === 'string' ? ['[5]', [5]] : ['["x"]', ['x']]] as [string, unknown][])),
    ];
  }
  if (sample && typeof sample === 'object') {
    return [
      ['a string', 'x'],
      ['a number', 5],
      ['a boolean', true],
      ['an array', [sample]],
    ];
  }
  return [];
}

const POLLUTERS: [string, string][] = [
  ['__proto__', '{"polluted":"yes"}'],
  ['constructor', '{"prototype":{"polluted":"yes"}}'],
  ['prototype', '{"polluted":"yes"}'],
];

/** SQL, markup, template and unicode text: accepted as text or refused, never interpreted. */
export const TEXT_FRAGMENTS = [
  "x'); DROP TABLE sales;--",
  '" OR "1"="1" --',
  '1;DELETE FROM products--',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '{{7*7}} ${7*7} #{7*7}',
  '100% _off_ \\o/',
  'Café ☕️🍩 👩‍👩‍👧‍👦',
  'שלום עולם مرحبا',
  'left\u202Eright',
  'Za\u0351\u0356l\u0334go',
  'tab\there\nnewline',
];

// The large bodies do not depend on the route's body: built once (the spec asks for a route's attack
// list once per accepted attack, which rebuilt megabytes each time).
const DEEP_ARRAYS = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const DEEP_OBJECTS = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
const DEEP_UNDER_A_KEY = `{"a":${DEEP_ARRAYS}}`;
const TWO_MB_BODY = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });

function transportAttacks(valid: unknown, hasBody: boolean): Attack[] {
  const bad = (label: string, raw: string): Attack => ({ label, raw, verdict: 'reject', status: 400, code: 'VALIDATION_FAILED' });
  const viaPipe = (label: string, raw: string): Attack => (hasBody ? bad(label, raw) : { label, raw, verdict: 'tolerate' });
  const text = JSON.stringify(valid ?? {});
  return [
    bad('truncated JSON', text.slice(0, Math.max(1, text.length - 3))),
    bad('single quotes', "{'name': 'x'}"),
    bad('a trailing comma', '{"name":"x",}'),
    bad('an extra brace', `${text}}`),
    bad('NaN as a value', '{"name": NaN}'),
    bad('a bare word', 'undefined'),
    bad('a JSON string', '"text"'),
    bad('a JSON number', '123'),
    bad('JSON null', 'null'),
    bad('an invalid escape', '{"name":"\\x41"}'),
    bad('a lone surrogate escape then garbage', '{"name":"\\ud800"'),
    viaPipe('an empty array', '[]'),
    viaPipe('an array of the body', `[${text}]`),
    viaPipe('nested 50,000 arrays deep', DEEP_ARRAYS),
    viaPipe('nested 50,000 objects deep', DEEP_OBJECTS),
    // the idempotency fingerprint reads the body before validation does
    {
      ...bad('nested 50,000 deep with an Idempotency-Key', DEEP_UNDER_A_KEY),
      headers: { 'Idempotency-Key': 'deep-nesting' },
    },
    bad('nested 33 deep', `{"a":${'['.repeat(32)}${']'.repeat(32)}}`),
    { label: '2 MB body', raw: TWO_MB_BODY, verdict: 'reject', status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { label: 'text/plain', raw: text, contentType: 'text/plain', verdict: 'reject', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    { label: 'a form body', raw: 'name=x', contentType: 'application/x-www-form-urlencoded', verdict: 'reject', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    { label: 'XML', raw: '<name>x</name>', contentType: 'application/xml', verdict: 'reject', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    { label: 'latin-1 JSON', raw: text, contentType: 'application/json; charset=iso-8859-1', verdict: 'reject', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  ];
}

/** Every object node of the body, the root included (as paths). */
function objectPaths(valid: unknown): Path[] {
  return [
    [],
    ...fields(valid)
      .filter((f) => f.value && typeof f.value === 'object' && !Array.isArray(f.value))
      .map((f) => f.path),
  ];
}

function pollute(valid: unknown, path: Path, key: string, json: string): string {
  const copy = clone(valid) as any;
  let node = copy;
  for (const k of path) node = node[k];
  node[RAW(1)] = RAW(0);
  return JSON.stringify(copy).replace(`"${RAW(1)}":"${RAW(0)}"`, `"${key}":${json}`);
}

export interface AttackOptions {
  integers?: string[];
  signed?: string[];
  /** unit costs: 4 decimals are valid */
  costs?: string[];
  texts?: string[];
  /** arrays that may be sent empty (`tags: []`): an empty one is no attack, and a valid body may carry one */
  emptyArrays?: string[];
  /** appended to the texts (` #<salt>`), so fields unique in the business (names) never collide */
  salt?: number;
}

/** The attacks on one valid body (undefined: the route takes no body). */
export function attacksOn(valid: Record<string, unknown> | undefined, options: AttackOptions = {}): Attack[] {
  const attacks = transportAttacks(valid, valid !== undefined);
  const polluters = valid ? objectPaths(valid) : [[] as Path];
  for (const path of polluters) {
    for (const [key, json] of POLLUTERS) {
      attacks.push({
        label: `${key} in ${dotted(path) || 'the body'}`,
        raw: pollute(valid ?? {}, path, key, json),
        verdict: valid ? 'reject' : 'tolerate',
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  }
  if (!valid) return attacks;
  for (const { path, value } of fields(valid)) {
    const name = dotted(path);
    const opts = {
      integer: options.integers?.includes(name) ?? false,
      signed: options.signed?.includes(name) ?? false,
      cost: options.costs?.includes(name) ?? false,
      mayBeEmpty: options.emptyArrays?.includes(name) ?? false,
    };
    for (const [label, bad, raw] of rejectedValues(value, opts)) {
      attacks.push({ label: `${name} as ${label}`, raw: withValue(valid, path, bad, raw), verdict: 'reject', status: 400, code: 'VALIDATION_FAILED' });
    }
    attacks.push({ label: `${name} as null`, raw: withValue(valid, path, null), verdict: 'tolerate' });
    if (opts.mayBeEmpty) attacks.push({ label: `${name} as an empty array`, raw: withValue(valid, path, []), verdict: 'tolerate' });
    if (typeof value === 'string') {
      for (const s of ['', '   ', 'NaN', 'Infinity', 'null', 'undefined'])
        attacks.push({ label: `${name} as ${JSON.stringify(s)}`, raw: withValue(valid, path, s), verdict: 'tolerate' });
    }
    if (options.texts?.includes(name)) {
      for (const fragment of TEXT_FRAGMENTS) {
        const text = options.salt === undefined ? fragment : `${fragment} #${options.salt}`;
        attacks.push({ label: `${name} as ${JSON.stringify(fragment)}`, raw: withValue(valid, path, text), verdict: 'echo', text, field: name });
      }
    }
  }
  return attacks;
}
