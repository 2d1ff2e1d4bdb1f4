import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown>;

/**
 * The null branch of a nullable object reference: under OpenAPI 3.0.3, `nullable` adds null only to
 * a `type` given beside it, so this is the one schema that accepts null and nothing else.
 */
export const NULL_ONLY: Schema = { type: 'object', nullable: true, enum: [null] };

/**
 * The document as strict OpenAPI 3.0.3 validators and default-configured generators read it
 * (docs/api.md 15), from what @nestjs/swagger writes:
 * - a nullable reference (`nullable: true` beside `allOf: [{$ref}]` or `$ref`) becomes
 *   `oneOf: [{$ref}, NULL_ONLY]`: a sibling `nullable` does not make the referenced object accept null;
 * - a request body's schemas keep no `default`: openapi-typescript makes a field with a default
 *   required (its `defaultNonNullable`), while a client may leave it out; the default is said in the
 *   field's description instead.
 */
export function strictDocument(document: OpenAPIObject): OpenAPIObject {
  const strict = rewrite(document, nullableReference) as OpenAPIObject;
  const schemas = (strict.components?.schemas ?? {}) as Record<string, Schema>;
  for (const name of requestSchemaNames(strict, schemas)) schemas[name] = rewrite(schemas[name], defaultInDescription) as Schema;
  for (const operation of operationsOf(strict)) {
    const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
    for (const media of Object.values(content)) if (media.schema) media.schema = rewrite(media.schema, defaultInDescription) as Schema;
  }
  return strict;
}

/** A copy of `value` with `change` applied to every object, innermost first. */
function rewrite(value: unknown, change: (schema: Schema) => Schema): unknown {
  if (Array.isArray(value)) return value.map((inner) => rewrite(inner, change));
  if (typeof value !== 'object' || value === null) return value;
  return change(Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner, change)])));
}

function nullableReference(schema: Schema): Schema {
  if (schema.nullable !== true) return schema;
  const { nullable: _nullable, type: _type, allOf, $ref, ...annotations } = schema;
  const refs: unknown[] | null = Array.isArray(allOf) && allOf.length === 1 ? (allOf as unknown[]) : typeof $ref === 'string' ? [{ $ref }] : null;
  return refs ? { ...annotations, oneOf: [...refs, NULL_ONLY] } : schema;
}

function defaultInDescription(schema: Schema): Schema {
  if (!('default' in schema)) return schema;
  const { default: value, ...rest } = schema;
  const said = `Default when omitted: ${JSON.stringify(value)}.`;
  return { ...rest, description: typeof rest.description === 'string' && rest.description ? `${rest.description} ${said}` : said };
}

function operationsOf(document: OpenAPIObject): Schema[] {
  return Object.values(document.paths).flatMap((item) =>
    ['get', 'put', 'post', 'delete', 'patch'].map((method) => (item as Schema)[method] as Schema | undefined).filter((op): op is Schema => !!op),
  );
}

/** The component schemas a request body reaches, through its references. */
function requestSchemaNames(document: OpenAPIObject, schemas: Record<string, Schema>): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const ref = (value as Schema).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!found.has(name)) {
        found.add(name);
        visit(schemas[name]);
      }
    }
    Object.values(value).forEach(visit);
  };
  for (const operation of operationsOf(document)) visit(operation.requestBody);
  return found;
}
