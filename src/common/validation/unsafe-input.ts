/**
 * Input no DTO can accept, found before class-transformer sees a body or query:
 * - prototype keys (`__proto__`, `constructor`, `prototype`): class-transformer drops them silently,
 *   so the whitelist never reports them and the request would pass as if they were not there;
 * - strings holding U+0000, which PostgreSQL text and jsonb cannot store (the write would fail in the
 *   database instead of being refused with the field's name);
 * - a list directly inside a list: no field of this API is a list of lists, and class-validator's
 *   ValidateNested walks into one as if it were the list itself, so `items: [[line]]` would pass;
 * - nesting deeper than any DTO goes, which recursive code (class-transformer, canonical JSON of
 *   idempotent requests) would follow until the stack runs out.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_INPUT_DEPTH = 32;
const MAX_PROBLEMS = 20;

export type InputProblem = { field: string; message: string };

function fieldOf(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** Prototype keys, NUL characters and lists of lists, with their fields; iterative, stops after a handful. */
export function unsafeInputProblems(value: unknown, root = 'body'): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: { value: unknown; field: string }[] = [{ value, field: '' }];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      if (node.value.includes('\u0000')) problems.push({ field: node.field || root, message: 'must not contain the NUL character (\\u0000)' });
      continue;
    }
    if (node.value === null || typeof node.value !== 'object') continue;
    if (Array.isArray(node.value)) {
      node.value.forEach((item, i) => {
        if (Array.isArray(item)) problems.push({ field: fieldOf(node.field, i), message: 'must not be a list' });
        else stack.push({ value: item, field: fieldOf(node.field, i) });
      });
      continue;
    }
    for (const key of Object.keys(node.value)) {
      const field = fieldOf(node.field, key);
      if (FORBIDDEN_KEYS.has(key)) problems.push({ field, message: 'is not an allowed field' });
      else stack.push({ value: (node.value as Record<string, unknown>)[key], field });
    }
  }
  return problems;
}

/** For the body parser: a body this deep is refused before any recursive code sees it. */
export function nestsDeeperThan(value: unknown, maxDepth = MAX_INPUT_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.value === null || typeof node.value !== 'object') continue;
    if (node.depth >= maxDepth) return true;
    for (const child of Object.values(node.value)) stack.push({ value: child, depth: node.depth + 1 });
  }
  return false;
}
