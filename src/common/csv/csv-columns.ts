import { Type } from '@nestjs/common';

/**
 * Where @nestjs/swagger keeps what @ApiProperty declares (its DECORATORS constants, which its package
 * does not export): the model's property names in order, and each property's options.
 * src/common/csv/csv-response.spec.ts fails if they move.
 */
const MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';
const MODEL_PROPERTIES = 'swagger/apiModelProperties';

/** One column of an export: its header and the JSON value of a row's field it shows. */
export interface CsvColumn<T = unknown> {
  header: string;
  value(row: T): unknown;
}

interface ModelProperty {
  type?: unknown;
  isArray?: boolean;
}

const SCALARS: unknown[] = [String, Number, Boolean, Date, Object, 'string', 'number', 'integer', 'boolean', 'object', 'array'];

/** The fields of a response model in the order the model declares them, as the OpenAPI document has them. */
function propertiesOf(model: Type): [string, ModelProperty][] {
  const prototype = model.prototype as object;
  const names = (Reflect.getMetadata(MODEL_PROPERTIES_ARRAY, prototype) as string[] | undefined) ?? [];
  return names
    .map((name) => name.replace(/^:/, ''))
    .map((name) => [name, (Reflect.getMetadata(MODEL_PROPERTIES, prototype, name) as ModelProperty | undefined) ?? {}]);
}

/** The model class a property names (`type: X` or `type: () => X`), or null for a scalar. */
function modelOf(property: ModelProperty): Type | null {
  let type = property.type;
  if (typeof type === 'function' && !type.prototype) type = (type as () => unknown)();
  if (typeof type !== 'function' || SCALARS.includes(type)) return null;
  return propertiesOf(type as Type).length > 0 ? (type as Type) : null;
}

/**
 * The columns of an export of a response model (its OpenAPI schema: a field added to the model is a
 * column without another edit), flattened by one rule:
 * - a scalar field is a column named as the field;
 * - a field holding an object (a model) is one column per field of that object, named
 *   `field.inner` (at any depth); a null object leaves them all empty;
 * - a field holding an array is one column whose text is the array's JSON (money exact);
 * - a field named in `expand` is the columns given there instead (products' stock per warehouse).
 */
export function csvColumnsOf<T>(model: Type<T>, expand: Record<string, CsvColumn<T>[]> = {}): CsvColumn<T>[] {
  return columnsOf(model, '', (row) => row, expand);
}

function columnsOf(model: Type, prefix: string, parent: (row: unknown) => unknown, expand: Record<string, CsvColumn[]>): CsvColumn[] {
  return propertiesOf(model).flatMap(([name, property]): CsvColumn[] => {
    if (!prefix && expand[name]) return expand[name];
    const value = (row: unknown) => (parent(row) as Record<string, unknown> | null)?.[name] ?? null;
    const nested = property.isArray ? null : modelOf(property);
    if (nested) return columnsOf(nested, `${prefix}${name}.`, value, {});
    return [{ header: `${prefix}${name}`, value }];
  });
}
