/**
 * The request bodies of the live OpenAPI document as field lists: every field of an operation's
 * JSON body with its schema ($refs and allOf resolved), so a test can find each array or UUID field
 * of every route without a hand-kept list.
 */
export type FieldPath = (string | number)[];

export interface SchemaField {
  /** property names, with 0 standing for the elements of an array */
  path: FieldPath;
  schema: any;
}

/** `schema` with its `$ref`s followed and an `allOf` merged into one object schema. */
export function resolve(document: any, schema: any): any {
  let s = schema ?? {};
  for (let hops = 0; s.$ref && hops < 20; hops++) s = document.components.schemas[String(s.$ref).split('/').pop()!];
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((part: any) => resolve(document, part));
    const { allOf: _allOf, ...rest } = s;
    return Object.assign({}, ...parts, rest, { properties: Object.assign({}, ...parts.map((p: any) => p.properties ?? {}), rest.properties ?? {}) });
  }
  return s;
}

/** Every field of the operation's JSON request body, containers included (empty without a body). */
export function requestBodyFields(document: any, operation: any): SchemaField[] {
  const root = operation.requestBody?.content?.['application/json']?.schema;
  if (!root) return [];
  const out: SchemaField[] = [];
  const stack: SchemaField[] = [{ path: [], schema: resolve(document, root) }];
  while (stack.length > 0) {
    const { path, schema } = stack.pop()!;
    if (path.length > 0) out.push({ path, schema });
    if (schema.type === 'array') stack.push({ path: [...path, 0], schema: resolve(document, schema.items) });
    for (const [name, inner] of Object.entries<any>(schema.properties ?? {})) stack.push({ path: [...path, name], schema: resolve(document, inner) });
  }
  return out;
}

/** `items[0].product_id` */
export const fieldName = (path: FieldPath) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/** The value at path in a JSON value, or undefined. */
export function valueAt(value: unknown, path: FieldPath): unknown {
  let node: any = value;
  for (const key of path) node = node?.[key];
  return node;
}

/** A deep copy of value with the value at path replaced (every element of an array when the path passes through one at 0). */
export function withValueAt(value: unknown, path: FieldPath, replace: (old: unknown) => unknown): any {
  const copy = JSON.parse(JSON.stringify(value));
  const visit = (node: any, rest: FieldPath) => {
    if (node === null || typeof node !== 'object') return;
    const [key, ...tail] = rest;
    const keys = typeof key === 'number' && Array.isArray(node) ? node.keys() : [key];
    for (const k of keys) {
      if (tail.length === 0) {
        if (node[k] !== undefined) node[k] = replace(node[k]);
      } else visit(node[k], tail);
    }
  };
  visit(copy, path);
  return copy;
}
