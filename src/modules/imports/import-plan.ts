import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { dec } from '../../common/money/money';
import { parseUuid } from '../../common/validation/decorators';
import { Tx } from '../../database/transaction';
import { CreateCategoryDto } from '../categories/dto/create-category.dto';
import { customerIdentity, normalizeEmail, normalizePhone } from '../customers/customer-identity';
import { CreateCustomerDto } from '../customers/dto/create-customer.dto';
import { UpdateCustomerDto } from '../customers/dto/update-customer.dto';
import { CreateProductDto } from '../products/dto/create-product.dto';
import { UpdateProductDto } from '../products/dto/update-product.dto';
import { StockImportRowDto } from './dto/stock-import-row.dto';
import { ImportKind } from './entities/import.entity';
import { RowError, RowOutcome } from './entities/import-row.entity';
import { booleanOf, numberOf } from './import-columns';
import {
  CustomerTargetRow,
  customersByIdentity,
  customersByIdentityForUpdate,
  levelsOfProducts,
  productIdsBySku,
  productsBySku,
  productsBySkuForUpdate,
  ProductTargetRow,
  warehousesOf,
} from './persistence/import-targets.sql';

/** A data row as read from the file: its number (from 1) and its non-empty writable cells by column. */
export interface ReadRow {
  row: number;
  cells: Record<string, string>;
  /** the outcome the validation found (the apply's recheck) */
  was?: RowOutcome;
}

/** What a row will do (or did): its outcome, key and errors, and for a write what to write. */
export interface PlannedRow {
  row: number;
  outcome: RowOutcome;
  key: string | null;
  errors: RowError[];
  /** products and customers: the existing row's id of an update */
  targetId?: string;
  /** stock: the product and warehouse, and the counted quantity */
  stock?: { productId: string; warehouseId: string; counted: string };
}

const VALIDATION = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, validationError: { target: false, value: false } };

/** The errors of one DTO's rules, as a row's errors: the column of each field, the API's 400 code, its message. */
async function dtoErrors(dto: object, values: Record<string, unknown>, columnOf: (field: string) => string = (f) => f): Promise<RowError[]> {
  const errors: ValidationError[] = await validate(plainToInstance(dto as new () => object, values), VALIDATION);
  return errors.flatMap((e) =>
    Object.values(e.constraints ?? {}).map((message) => ({
      column: columnOf(e.property),
      code: 'VALIDATION_FAILED',
      message: message.replace(e.property, columnOf(e.property)),
    })),
  );
}

function firstPerColumn(errors: RowError[]): RowError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.column}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const TEXT = (s: string) => s;
const PRODUCT_FIELDS: Record<string, (s: string) => unknown> = {
  sku: TEXT,
  name: TEXT,
  price: numberOf,
  cost_price: numberOf,
  unit: TEXT,
  description: TEXT,
  barcode: TEXT,
  is_active: booleanOf,
  min_stock: numberOf,
  reorder_quantity: numberOf,
};

/** A product's DTO fields of a row's cells (`category.name` apart). */
export function productValues(cells: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, of] of Object.entries(PRODUCT_FIELDS)) if (cells[field] !== undefined) values[field] = of(cells[field]);
  return values;
}

function sameDecimal(cell: string, stored: string | null): boolean {
  return stored !== null && dec(cell.trim()).eq(stored);
}

/** Whether a row's cells would change the product: each given cell against the stored value. */
export function productDiffers(cells: Record<string, string>, p: ProductTargetRow): boolean {
  const c = cells;
  if (c.name !== undefined && c.name.trim() !== p.name) return true;
  if (c.price !== undefined && !sameDecimal(c.price, p.price)) return true;
  if (c.cost_price !== undefined && !sameDecimal(c.cost_price, p.cost_price)) return true;
  if (c.unit !== undefined && c.unit.trim() !== p.unit) return true;
  if (c.description !== undefined && c.description !== p.description) return true;
  if (c.barcode !== undefined && c.barcode !== p.barcode) return true;
  if (c.is_active !== undefined && booleanOf(c.is_active) !== p.is_active) return true;
  if (c.min_stock !== undefined && !sameDecimal(c.min_stock, p.min_stock)) return true;
  if (c.reorder_quantity !== undefined && !sameDecimal(c.reorder_quantity, p.reorder_quantity)) return true;
  const category = c['category.name'];
  if (category !== undefined && category.trim().toLowerCase() !== (p.category_name ?? '').toLowerCase()) return true;
  return false;
}

/** Whether a row's cells would change the customer. */
export function customerDiffers(cells: Record<string, string>, c: CustomerTargetRow): boolean {
  const given = customerIdentity({ name: cells.name, email: cells.email, phone: cells.phone });
  if (cells.name !== undefined && given.name !== c.name) return true;
  // the same address or number however it is written (matching's rule, docs/api.md 5)
  if (cells.email !== undefined && given.emailNormalized !== c.email_normalized) return true;
  if (cells.phone !== undefined && given.phoneNormalized !== c.phone_normalized) return true;
  if (cells.notes !== undefined && cells.notes !== c.notes) return true;
  return false;
}

/**
 * The plan of a batch of rows against the business's data as it is: the preview's outcomes, and the
 * apply's, rechecked in its chunk's transaction (`forUpdate`: the matched rows locked). The DTO
 * classes and rules are the API's own (CreateProductDto, UpdateProductDto, CreateCustomerDto, ...),
 * so a cell is refused exactly as a request's field would be.
 */
export async function planRows(tx: Tx, businessId: string, kind: ImportKind, rows: ReadRow[], forUpdate: boolean): Promise<PlannedRow[]> {
  // the apply's recheck: a row planned as the validation planned it (a create a create, an update an update) passed these rules
  const rules = (r: ReadRow, creates: boolean): Rules => (forUpdate && (r.was === 'create') === creates ? passedRules : dtoErrors);
  if (kind === 'products') return planProducts(tx, businessId, rows, forUpdate, rules);
  if (kind === 'customers') return planCustomers(tx, businessId, rows, forUpdate, rules);
  return planStock(tx, businessId, rows, forUpdate ? passedRules : dtoErrors);
}

type Rules = typeof dtoErrors;
type RulesOf = (row: ReadRow, creates: boolean) => Rules;

/**
 * The apply's recheck of a row the validation passed: its cells are the ones checked, and the DTOs'
 * rules do not depend on the data, so only what does (matches, keys taken, references) is planned
 * again. It still yields to the event loop now and then, like the validation, so requests go on.
 */
function passedRules(): Promise<RowError[]> {
  return Promise.resolve([]);
}

/**
 * The longest the planning runs without a turn of the event loop. A product row's DTO rules took 0.6
 * to 1.8 ms at a load average of 10, and every request of the process waits for a slice in progress.
 */
const SLICE_MS = 2;
let sliceStarted = performance.now();
/** A turn of the event loop once the planning has run SLICE_MS since the last one. */
async function breathe(): Promise<void> {
  if (performance.now() - sliceStarted < SLICE_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  sliceStarted = performance.now();
}

async function planProducts(tx: Tx, businessId: string, rows: ReadRow[], forUpdate: boolean, rulesOf: RulesOf): Promise<PlannedRow[]> {
  const skus = [...new Set(rows.map((r) => r.cells.sku?.trim()).filter((s): s is string => !!s))];
  const found = skus.length === 0 ? [] : await tx.run(forUpdate ? productsBySkuForUpdate : productsBySku, [businessId, skus]);
  const bySku = new Map(found.map((p) => [p.sku, p]));
  const planned: PlannedRow[] = [];
  for (const read of rows) {
    const { row, cells } = read;
    await breathe();
    const sku = cells.sku?.trim();
    const existing = sku ? bySku.get(sku) : undefined;
    const rules = rulesOf(read, !existing);
    const values = productValues(cells);
    let errors: RowError[];
    if (existing) errors = await rules(UpdateProductDto, values);
    else {
      const { is_active, ...createValues } = values;
      errors = [...(await rules(CreateProductDto, createValues)), ...(is_active === undefined ? [] : await rules(UpdateProductDto, { is_active }))];
    }
    if (cells['category.name'] !== undefined) {
      errors.push(...(await rules(CreateCategoryDto, { name: cells['category.name'] }, () => 'category.name')));
    }
    errors = firstPerColumn(errors);
    const outcome: RowOutcome = errors.length > 0 ? 'error' : !existing ? 'create' : productDiffers(cells, existing) ? 'update' : 'unchanged';
    planned.push({ row, outcome, key: sku ?? null, errors, ...(existing ? { targetId: existing.id } : {}) });
  }
  return planned;
}

async function planCustomers(tx: Tx, businessId: string, rows: ReadRow[], forUpdate: boolean, rulesOf: RulesOf): Promise<PlannedRow[]> {
  const emails = [...new Set(rows.map((r) => normalizeEmail(r.cells.email)).filter((e): e is string => e !== null))];
  const phones = [...new Set(rows.map((r) => normalizePhone(r.cells.phone)).filter((p): p is string => p !== null))];
  const found =
    emails.length + phones.length === 0 ? [] : await tx.run(forUpdate ? customersByIdentityForUpdate : customersByIdentity, [businessId, emails, phones]);
  const byEmail = new Map(found.filter((c) => c.email_normalized).map((c) => [c.email_normalized!, c]));
  const byPhone = new Map(found.filter((c) => c.phone_normalized).map((c) => [c.phone_normalized!, c]));
  const planned: PlannedRow[] = [];
  for (const read of rows) {
    const { row, cells } = read;
    await breathe();
    const email = normalizeEmail(cells.email);
    const phone = normalizePhone(cells.phone);
    const existing = (email && byEmail.get(email)) || (phone && byPhone.get(phone)) || undefined;
    const rules = rulesOf(read, !existing);
    const values: Record<string, unknown> = {};
    for (const field of ['name', 'email', 'phone', 'notes']) if (cells[field] !== undefined) values[field] = cells[field];
    let errors = await rules(existing ? UpdateCustomerDto : CreateCustomerDto, values);
    if (existing) {
      // the email or phone of the row held by another customer than the one it matched
      const emailHolder = email ? byEmail.get(email) : undefined;
      const phoneHolder = phone ? byPhone.get(phone) : undefined;
      if (emailHolder && emailHolder.id !== existing.id) errors.push({ column: 'email', code: 'CUSTOMER_EXISTS', message: 'another customer has this email' });
      if (phoneHolder && phoneHolder.id !== existing.id) errors.push({ column: 'phone', code: 'CUSTOMER_EXISTS', message: 'another customer has this phone' });
    }
    errors = firstPerColumn(errors);
    const outcome: RowOutcome = errors.length > 0 ? 'error' : !existing ? 'create' : customerDiffers(cells, existing) ? 'update' : 'unchanged';
    planned.push({ row, outcome, key: email ?? phone ?? null, errors, ...(existing ? { targetId: existing.id } : {}) });
  }
  return planned;
}

async function planStock(tx: Tx, businessId: string, rows: ReadRow[], rules: Rules): Promise<PlannedRow[]> {
  const skus = [...new Set(rows.map((r) => r.cells.sku?.trim()).filter((s): s is string => !!s))];
  const products = skus.length === 0 ? [] : await tx.run(productIdsBySku, [businessId, skus]);
  const productOf = new Map(products.map((p) => [p.sku, p.id]));
  const warehouses = await tx.run(warehousesOf, [businessId]);
  const levels = products.length === 0 ? [] : await tx.run(levelsOfProducts, [businessId, products.map((p) => p.id)]);
  const levelOf = new Map(levels.map((l) => [`${l.product_id}/${l.warehouse_id}`, l.quantity]));
  const planned: PlannedRow[] = [];
  for (const { row, cells } of rows) {
    await breathe();
    const errors = await rules(StockImportRowDto, {
      sku: cells.sku,
      warehouse: cells.warehouse,
      quantity: cells.quantity === undefined ? undefined : numberOf(cells.quantity),
    });
    const sku = cells.sku?.trim();
    const productId = sku ? productOf.get(sku) : undefined;
    if (sku && !productId && !errors.some((e) => e.column === 'sku'))
      errors.push({ column: 'sku', code: 'UNKNOWN_PRODUCT', message: `no product has the SKU ${sku}` });
    const wanted = cells.warehouse?.trim();
    let warehouseId: string | undefined;
    if (wanted) {
      const uuid = parseUuid(wanted);
      const matches = uuid ? warehouses.filter((w) => w.id === uuid) : warehouses.filter((w) => w.name === wanted);
      if (matches.length === 1) warehouseId = matches[0].id;
      else
        errors.push({
          column: 'warehouse',
          code: 'UNKNOWN_WAREHOUSE',
          message: matches.length === 0 ? `no warehouse is named or has the id ${wanted}` : `${matches.length} warehouses are named ${wanted}: give its id`,
        });
    }
    const key = sku && wanted ? `${sku}@${wanted}` : (sku ?? null);
    if (errors.length > 0 || !productId || !warehouseId) {
      planned.push({ row, outcome: 'error', key, errors: firstPerColumn(errors) });
      continue;
    }
    const counted = cells.quantity.trim();
    const before = levelOf.get(`${productId}/${warehouseId}`);
    const outcome: RowOutcome =
      before !== undefined && dec(before).eq(counted) ? 'unchanged' : before === undefined && dec(counted).isZero() ? 'unchanged' : 'update';
    planned.push({ row, outcome, key, errors: [], stock: { productId, warehouseId, counted } });
  }
  return planned;
}

/** The key a row is known by within its file, to find the same product, customer or level twice. */
export function fileKeysOf(kind: ImportKind, cells: Record<string, string>): { column: string; key: string }[] {
  if (kind === 'products') return cells.sku?.trim() ? [{ column: 'sku', key: cells.sku.trim() }] : [];
  if (kind === 'customers') {
    const keys: { column: string; key: string }[] = [];
    const email = normalizeEmail(cells.email);
    const phone = normalizePhone(cells.phone);
    if (email) keys.push({ column: 'email', key: `e:${email}` });
    if (phone) keys.push({ column: 'phone', key: `p:${phone}` });
    return keys;
  }
  return cells.sku?.trim() && cells.warehouse?.trim() ? [{ column: 'sku', key: `${cells.sku.trim()}@${cells.warehouse.trim()}` }] : [];
}
