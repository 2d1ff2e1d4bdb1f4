import { Type } from '@nestjs/common';
import { declaredFields } from './declared-fields';
import { NOT_ALLOWED } from './declared-query';

/**
 * Input no DTO can accept, found before class-transformer sees a body or query:
 * - prototype keys (`__proto__`, `constructor`, `prototype`): class-transformer drops them silently,
 *   so the whitelist never reports them and the request would pass as if they were not there;
 * - strings holding U+0000, which PostgreSQL text and jsonb cannot store (the write would fail in the
 *   database instead of being refused with the field's name);
 * - a list directly inside a list: no field of this API is a list of lists, and class-validator's
 *   ValidateNested walks into one as if it were the list itself, so `items: [[line]]` would pass;
 * - a list longer than its field allows (docs/api.md 1), any list longer than MAX_LIST, an object of
 *   more than MAX_FIELDS keys, more than MAX_VALUES values in all: class-transformer would convert
 *   every element and class-validator check each (ArrayMaxSize does not stop it), seconds of CPU
 *   for a 1 MB body in which no other request is served;
 * - nesting deeper than any DTO goes, which recursive code (class-transformer, canonical JSON of
 *   idempotent requests) would follow until the stack runs out.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_INPUT_DEPTH = 32;
const MAX_PROBLEMS = 20;
/** No DTO has this many fields; a list no DTO bounds (under an unknown key) is cut at MAX_LIST. */
export const MAX_FIELDS = 100;
export const MAX_LIST = 1000;
/**
 * Values in one body or query, containers included: the largest valid body (a payroll run of 1,000
 * lines) has about 3,000; lists under unknown keys would otherwise each bring MAX_LIST more for
 * class-transformer to copy before the whitelist refuses their keys.
 */
export const MAX_VALUES = 10_000;

export type InputProblem = { field: string; message: string };

function fieldOf(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

interface Node {
  value: unknown;
  field: string;
  /** the class of this object, or of this list's elements, when a DTO declares it */
  type?: Type;
  maxItems?: number;
  tooLong?: string;
}

/**
 * Prototype keys, NUL characters, lists of lists, lists over their bound, objects of too many keys
 * and bodies of too many values, with their fields; `type` is the DTO the value will become, whose lists have their own
 * bounds. Iterative; never looks inside a list or an object it refuses; stops after a handful.
 */
export function unsafeInputProblems(value: unknown, root = 'body', type?: Type): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: Node[] = [{ value, field: '', type }];
  let values = 0;
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    if (++values > MAX_VALUES) {
      problems.push({ field: root, message: `holds more than ${MAX_VALUES} values` });
      break;
    }
    const node = stack.pop()!;
    const field = node.field || root;
    if (typeof node.value === 'string') {
      if (node.value.includes('\u0000')) problems.push({ field, message: 'must not contain the NUL character (\\u0000)' });
      continue;
    }
    if (node.value === null || typeof node.value !== 'object') continue;
    if (Array.isArray(node.value)) {
      const list: unknown[] = node.value;
      const max = node.maxItems ?? MAX_LIST;
      if (list.length > max) {
        problems.push({ field, message: node.tooLong ?? `must contain at most ${max} elements` });
        continue;
      }
      for (let i = 0; i < list.length && problems.length < MAX_PROBLEMS; i++) {
        if (Array.isArray(list[i])) problems.push({ field: fieldOf(node.field, i), message: 'must not be a list' });
        else stack.push({ value: list[i], field: fieldOf(node.field, i), type: node.type });
      }
      continue;
    }
    const keys = Object.keys(node.value);
    if (keys.length > MAX_FIELDS) {
      problems.push({ field, message: `has ${keys.length} fields; no object of the API has more than ${MAX_FIELDS}` });
      continue;
    }
    const declared = declaredFields(node.type);
    for (const key of keys) {
      const child = fieldOf(node.field, key);
      if (FORBIDDEN_KEYS.has(key)) problems.push({ field: child, message: NOT_ALLOWED });
      else stack.push({ value: (node.value as Record<string, unknown>)[key], field: child, ...declared.get(key) });
    }
  }
  return problems;
}
