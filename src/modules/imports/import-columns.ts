import type { ImportKind } from './entities/import.entity';

/**
 * Which columns of a CSV file an import reads (docs/api.md 23): the API's field names as its exports
 * write them. The read-only columns of an export (ids, stock, costs kept by the service, timestamps)
 * are left alone without a word; any other column no field takes is reported once and ignored.
 */
export const WRITABLE_COLUMNS: Record<ImportKind, readonly string[]> = {
  products: ['sku', 'name', 'price', 'cost_price', 'unit', 'description', 'barcode', 'is_active', 'category.name', 'min_stock', 'reorder_quantity'],
  customers: ['email', 'phone', 'name', 'notes'],
  stock: ['sku', 'warehouse', 'quantity'],
};

const READ_ONLY_COLUMNS: Record<ImportKind, readonly string[]> = {
  products: [
    'id',
    'average_cost',
    'category.id',
    'tax_rate_id',
    'stock',
    'in_transit',
    'on_order',
    'created_at',
    'created_at_local',
    'updated_at',
    'updated_at_local',
  ],
  customers: ['id', 'total_spent', 'total_orders', 'last_purchase_date', 'loyalty_balance', 'created_at', 'created_at_local', 'updated_at', 'updated_at_local'],
  stock: ['product_id', 'name', 'warehouse_id', 'warehouse_name'],
};

/** The columns a kind must have in its header: what matches or makes a row. */
export const REQUIRED_COLUMNS: Record<ImportKind, readonly string[]> = {
  products: [],
  customers: [],
  stock: ['sku', 'warehouse', 'quantity'],
};

export type ColumnRole = 'writable' | 'read-only' | 'unknown';

export function columnRole(kind: ImportKind, column: string): ColumnRole {
  if (WRITABLE_COLUMNS[kind].includes(column)) return 'writable';
  if (READ_ONLY_COLUMNS[kind].includes(column)) return 'read-only';
  // the export's stock per warehouse (`stock_by_warehouse[Main]`)
  if (kind === 'products' && /^stock_by_warehouse\[.*\]$/.test(column)) return 'read-only';
  return 'unknown';
}

/** A text our exports wrote after an apostrophe so a spreadsheet would not run it as a formula (csvText), read back as it was. */
const GUARDED_FORMULA = /^'[=+\-@\t\r]/;

/** A cell as its value: the export's formula guard undone. */
export function cellValue(text: string): string {
  return GUARDED_FORMULA.test(text) ? text.slice(1) : text;
}

/** Whether a cell keeps the current value: empty (or only white space). */
export function isEmptyCell(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A numeric cell as the JSON number a request would carry (for the DTO's rules); any other text stays text, and the rule refuses it. */
export function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : text;
}

/** A boolean cell (`true`/`false`, as the export writes them); any other text stays text, and the rule refuses it. */
export function booleanOf(text: string): boolean | string {
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return text;
}

/** The exact decimal text of a numeric cell (never through a float), or null when it is not one. */
export function decimalText(text: string | undefined): string | null {
  if (text === undefined) return null;
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? trimmed : null;
}

/**
 * The field separator of a file from its header line: `;` when it has more semicolons than commas
 * outside quotes, else `,`.
 */
export function delimiterOf(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}
