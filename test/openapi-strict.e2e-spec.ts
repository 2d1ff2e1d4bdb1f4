import { startTestApp, TestApp } from './helpers/test-app';

type Schema = Record<string, unknown>;

/** Every schema object of a document, with where it is. */
function* schemasOf(value: unknown, at: string): Generator<[string, Schema]> {
  if (Array.isArray(value)) {
    for (const [i, inner] of value.entries()) yield* schemasOf(inner, `${at}[${i}]`);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  yield [at, value as Schema];
  for (const [key, inner] of Object.entries(value)) yield* schemasOf(inner, `${at}.${key}`);
}

/**
 * docs/api.md 15 (amended): the document as strict OpenAPI 3.0.3 validators and a default-configured
 * openapi-typescript read it. The response checks of every e2e spec read `nullable` the strict way
 * (test/helpers/openapi-document.ts); this spec names the two shapes that broke those clients.
 */
describe('the OpenAPI document for strict validators and default generators', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } };

  beforeAll(async () => {
    t = await startTestApp();
    document = (await t.http().get('/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('makes nothing nullable by a sibling of a reference: `nullable` always sits beside its own type', () => {
    const loose = [...schemasOf(document, '$')]
      .filter(([, schema]) => schema.nullable === true && (typeof schema.type !== 'string' || 'allOf' in schema || '$ref' in schema))
      .map(([at]) => at);
    expect(loose).toEqual([]);
  });

  it('gives no default in a request body (a default-configured client would make the field required)', () => {
    const requestSchemas = new Set<string>();
    const visit = (value: unknown): void => {
      for (const [, schema] of schemasOf(value, '$')) {
        const ref = schema.$ref;
        if (typeof ref === 'string' && !requestSchemas.has(ref)) {
          requestSchemas.add(ref);
          visit(document.components.schemas[ref.split('/').pop()!]);
        }
      }
    };
    for (const operations of Object.values(document.paths)) for (const operation of Object.values(operations)) visit(operation.requestBody);
    expect(requestSchemas.size).toBeGreaterThan(10);
    const withDefault = [...requestSchemas].flatMap((ref) =>
      [...schemasOf(document.components.schemas[ref.split('/').pop()!], ref)].filter(([, s]) => 'default' in s).map(([at]) => at),
    );
    expect(withDefault).toEqual([]);
    const minStock = document.components.schemas.CreateProductDto as { properties: Record<string, Schema>; required?: string[] };
    expect(minStock.required ?? []).not.toContain('min_stock');
    expect(minStock.properties.min_stock.description).toContain('Default when omitted: 0.');
  });

  it('lets a product without a category be null, and only its category be an object', () => {
    const category = (document.components.schemas.ProductJson as { properties: Record<string, Schema> }).properties.category;
    expect(category.oneOf).toEqual([{ $ref: '#/components/schemas/ProductCategoryJson' }, { type: 'object', nullable: true, enum: [null] }]);
  });
});
