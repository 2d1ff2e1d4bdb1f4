import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The app's own OpenAPI document (GET /docs-json) as a response checker: a response's body must match
 * the schema the document gives for its route and status, and the status must be documented.
 */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown> };
}

export interface OperationObject {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>;
}

export interface Violation {
  request: string;
  problem: string;
}

export class ResponseChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: { method: string; template: string; pattern: RegExp; operation: OperationObject }[];

  private readonly document: OpenApiDocument;

  constructor(document: OpenApiDocument) {
    addFormats(this.ajv);
    this.document = closedModels(withOas30Nullable(document));
    this.routes = Object.entries(this.document.paths).flatMap(([template, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        operation,
      })),
    );
  }

  /**
   * The problem with this response, or null when the document describes it. A `text/csv` response
   * (an export) must be documented as such; its columns are the export tests' to check.
   */
  check(method: string, url: string, status: number, body: unknown, contentType?: string): string | null {
    const path = url.split('?')[0];
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route) return null; // not an API route (docs, 404 of an unknown path)
    const response = route.operation.responses[String(status)];
    if (!response) return `${status} is not documented for ${method} ${route.template}`;
    if (contentType?.startsWith('text/csv'))
      return response.content?.['text/csv'] ? null : `${method} ${route.template} ${status} answers text/csv, not documented`;
    const schema = response.content?.['application/json']?.schema;
    if (!schema && Object.keys(response.content ?? {}).some((type) => type !== 'application/json')) return null; // a file (application/pdf): not JSON
    if (!schema)
      return status === 204 || body === '' || body === undefined || isEmpty(body) ? null : `${method} ${route.template} ${status} has a body but no schema`;
    const key = `${method} ${route.template} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.compiled.set(key, validate);
    }
    if (validate(body)) return null;
    return `${key}: ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
  }
}

/**
 * OpenAPI 3.0.3's `nullable`, as strict validators (Stoplight Prism's proxy) read it: `nullable: true`
 * adds null to the `type` given in the same schema, and does nothing without one, so a sibling
 * `nullable` never makes an `allOf`/`$ref` accept null. Rewritten to JSON Schema's `type: [t, "null"]`
 * before compiling, so this checker refuses a null where such a validator would.
 */
function withOas30Nullable<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withOas30Nullable) as T;
  if (typeof value !== 'object' || value === null) return value;
  const { nullable, ...schema } = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withOas30Nullable(inner)])) as Record<string, unknown>;
  if (nullable === true && typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] } as T;
  return schema as T;
}

/**
 * A documented model lists all of its fields: the models of `components.schemas` and the success
 * envelopes refuse fields they do not name, so an undocumented field fails like a wrong type.
 */
function closedModels(document: OpenApiDocument): OpenApiDocument {
  const close = (schema: unknown): unknown => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
    const record = schema as Record<string, unknown>;
    const closed: Record<string, unknown> = { ...record };
    if (record.properties && record.additionalProperties === undefined) closed.additionalProperties = false;
    if (record.properties) {
      closed.properties = Object.fromEntries(Object.entries(record.properties as Record<string, unknown>).map(([key, inner]) => [key, close(inner)]));
    }
    if (record.items) closed.items = close(record.items);
    for (const key of ['anyOf', 'oneOf'] as const) if (Array.isArray(record[key])) closed[key] = (record[key] as unknown[]).map(close);
    return closed;
  };
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [name, close(schema)]));
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [
          method,
          {
            ...operation,
            responses: Object.fromEntries(
              Object.entries(operation.responses).map(([status, response]) => {
                const json = response.content?.['application/json'];
                if (!json?.schema || !status.startsWith('2')) return [status, response];
                return [status, { ...response, content: { ...response.content, 'application/json': { ...json, schema: close(json.schema) } } }];
              }),
            ),
          },
        ]),
      ),
    ]),
  );
  return { ...document, paths, components: { ...document.components, schemas } };
}

function isEmpty(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Object.keys(body).length === 0;
}
