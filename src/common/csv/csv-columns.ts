import { Type } from '@nestjs/common';
import { localDateTime } from '../time/local-date';

/**
 * Where @nestjs/swagger keeps what @ApiProperty declares (its DECORATORS constants, which its package
 * does not export): the model's property names in order, and each property's options.
 * src/common/csv/csv-response.spec.ts fails if they move.
 */
const MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';
const MODEL_PROPERTIES = 'swagger/apiModelProperties';

/** One column of an export: its header and the value it shows of a row and, in an export by lines, of the line. */
export interface CsvColumn<T = unknown> {
  header: string;
  value(row: T, line?: unknown): unknown;
}

/** The columns of an export and the records a row of the list makes (one per line when the export is by lines). */
export interface CsvLayout<T> {
  headers: string[];
  records(row: T): unknown[][];
}

/** How a response model becomes the columns of an export (csvLayoutOf). */
export interface CsvLayoutOptions<T> {
  /** the business zone: each field named in `local` gets a `<field>_local` column beside it */
  timezone: string;
  /** date-time fields written again in the business zone; `created_at` unless told */
  local?: string[];
  /** the name columns after an id column (`customer_id: ['customer_name', 'customer_email']`), read from the row by their names */
  names?: Record<string, string[]>;
  /**
   * The array field written as one record per element (the order's columns repeated, then the
   * element's, named `prefix` + its field); a row with no element is one record, those columns empty.
   * `model` and `of` when the field is not an array of a model (the activity log's changes).
   */
  lines?: { field: string; prefix: string; model?: Type; of?: (row: T) => object[] };
  /** a field written as the columns given instead (products' stock per warehouse) */
  expand?: Record<string, CsvColumn<T>[]>;
}

interface ModelProperty {
  type?: unknown;
  isArray?: boolean;
}

const SCALARS: unknown[] = [String, Number, Boolean, Date, 'string', 'number', 'integer', 'boolean'];

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

/** Whether a property holds what only JSON could write in one cell: an array, or an object of no model. */
function holdsJson(property: ModelProperty): boolean {
  return property.isArray === true || property.type === 'array' || property.type === 'object' || property.type === Object;
}

/**
 * The layout of an export of a response model `M` (its OpenAPI schema: a field added to the model is a
 * column without another edit), by the rules of docs/api.md ("CSV exports"), so no cell holds JSON:
 * - a scalar field is a column named as the field;
 * - a field holding an object (a model) is one column per field of that object, named
 *   `field.inner` (at any depth); a null object leaves them all empty;
 * - the `lines` array is one record per element: the row's columns repeated, then the element's,
 *   named `prefix` + field;
 * - an id column named in `names` has those columns after it; a field named in `local` (default
 *   `created_at`) is followed by `<field>_local`, the instant in the business zone;
 * - a field named in `expand` is the columns given there instead (products' stock per warehouse);
 * - any other array, or an object of no model, is refused here, when the layout is made.
 * `T` is the row written: the model's object with the name columns beside.
 */
export function csvLayoutOf<M, T extends M = M>(model: Type<M>, options: CsvLayoutOptions<T>): CsvLayout<T> {
  const lines = options.lines;
  const own = columnsOf(model, '', (row) => row, options as CsvLayoutOptions<unknown>);
  if (!lines) return { headers: own.map((c) => c.header), records: (row) => [own.map((c) => c.value(row))] };
  const ofLine = lineColumns(propertiesOf(model).find(([name]) => name === lines.field)?.[1] ?? {}, lines);
  const linesOf = lines.of ?? ((row: T) => ((row as Record<string, unknown>)[lines.field] as object[] | null) ?? []);
  return {
    headers: [...own, ...ofLine].map((c) => c.header),
    records(row: T): unknown[][] {
      const values = own.map((c) => c.value(row)); // once for all its lines
      const items = linesOf(row);
      return (items.length > 0 ? items : [null]).map((line) => [...values, ...ofLine.map((c) => c.value(row, line))]);
    },
  };
}

function columnsOf(model: Type, prefix: string, parent: (row: unknown, line?: unknown) => unknown, options: CsvLayoutOptions<unknown>): CsvColumn[] {
  const top = prefix === '';
  return propertiesOf(model).flatMap(([name, property]): CsvColumn[] => {
    if (top && options.expand?.[name]) return options.expand[name];
    if (top && options.lines?.field === name) return []; // after the row's own columns
    if (holdsJson(property)) throw new Error(`${model.name}.${name} would be JSON in a CSV cell: make it the export's lines or expand it`);
    const value = (row: unknown, line?: unknown) => (parent(row, line) as Record<string, unknown> | null)?.[name] ?? null;
    const nested = modelOf(property);
    if (nested) return columnsOf(nested, `${prefix}${name}.`, value, options);
    const column: CsvColumn = { header: `${prefix}${name}`, value };
    if (!top) return [column];
    return [column, ...nameColumns(options.names?.[name] ?? []), ...localColumns(name, options)];
  });
}

function lineColumns<T>(property: ModelProperty, lines: NonNullable<CsvLayoutOptions<T>['lines']>): CsvColumn[] {
  const model = lines.model ?? modelOf(property);
  if (!model) throw new Error(`the lines of a CSV export (${lines.field}) must be of a model`);
  const inner = columnsOf(model, '', (_row, line) => line, { timezone: '', local: [] });
  return inner.map((c) => ({ header: `${lines.prefix}${c.header}`, value: (row: unknown, line?: unknown) => c.value(row, line) }));
}

function nameColumns(names: string[]): CsvColumn[] {
  return names.map((header) => ({ header, value: (row: unknown) => (row as Record<string, unknown>)[header] ?? null }));
}

function localColumns(name: string, options: CsvLayoutOptions<unknown>): CsvColumn[] {
  if (!(options.local ?? ['created_at']).includes(name)) return [];
  const value = (row: unknown) => {
    const instant = (row as Record<string, unknown>)[name];
    return typeof instant === 'string' ? localDateTime(new Date(instant), options.timezone) : null;
  };
  return [{ header: `${name}_local`, value }];
}
