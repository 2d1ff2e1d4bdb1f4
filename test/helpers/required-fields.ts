/**
 * The object properties of a request body as the document states them: each with whether its
 * object's schema lists it in `required`, and a body without it, so a test can send each omission.
 */
import { FieldPath, requestBodyFields, resolve } from './request-schemas';

export interface PropertyField {
  path: FieldPath;
  required: boolean;
}

/** Every property of an object of the operation's JSON body (nested objects and array elements included). */
export function bodyProperties(document: any, operation: any): PropertyField[] {
  const root = operation.requestBody?.content?.['application/json']?.schema;
  if (!root) return [];
  const schemaAt = new Map<string, any>([[JSON.stringify([]), resolve(document, root)]]);
  const fields = requestBodyFields(document, operation);
  for (const f of fields) schemaAt.set(JSON.stringify(f.path), f.schema);
  return fields
    .filter((f) => typeof f.path[f.path.length - 1] === 'string')
    .map((f) => {
      const parent = schemaAt.get(JSON.stringify(f.path.slice(0, -1)));
      const required: string[] = Array.isArray(parent?.required) ? parent.required : [];
      return { path: f.path, required: required.includes(f.path[f.path.length - 1] as string) };
    });
}

/** A deep copy of `value` without the property at `path` (in every element of an array the path passes through at 0). */
export function withoutField(value: unknown, path: FieldPath): any {
  const copy = JSON.parse(JSON.stringify(value));
  const visit = (node: any, rest: FieldPath) => {
    if (node === null || typeof node !== 'object') return;
    const [key, ...tail] = rest;
    const keys = typeof key === 'number' && Array.isArray(node) ? [...node.keys()] : [key];
    for (const k of keys) {
      if (tail.length === 0) delete node[k];
      else visit(node[k], tail);
    }
  };
  visit(copy, path);
  return copy;
}
