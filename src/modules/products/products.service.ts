import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { uniqueViolationOf } from '../../common/errors/pg-errors';
import { moneyString, quantityString } from '../../common/money/money';
import { nextNumber } from '../../common/numbering/next-number';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/find-in-business';
import { SqlRunner } from '../../database/sql-runner';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateProductDto } from './dto/create-product.dto';
import { ListProductsQuery } from './dto/list-products.query';
import { UpdateProductDto } from './dto/update-product.dto';
import { findProduct, findProductPage, stockOf } from './product.reader';
import { ProductJson, toProductJson, toProductJsonList } from './products.mapper';
import { formatSku } from './sku';

const SKU_INDEX = 'products_business_sku_uq';
// a generated SKU can still lose a race against a product created with that SKU spelled out
const MAX_CREATE_ATTEMPTS = 3;

type Column = 'name' | 'price' | 'cost_price' | 'category_id' | 'description' | 'barcode' | 'unit' | 'sku' | 'min_stock' | 'is_active';

/** How each updatable field is written: the column and the SQL parameter for a JSON value. */
const WRITERS: Record<Column, (value: unknown) => unknown> = {
  name: (v) => v,
  price: (v) => moneyString(v as number),
  cost_price: (v) => (v === null ? null : moneyString(v as number)),
  category_id: (v) => v,
  description: (v) => v,
  barcode: (v) => v,
  unit: (v) => v,
  sku: (v) => v,
  min_stock: (v) => quantityString(v as number),
  is_active: (v) => v,
};

@Injectable()
export class ProductsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
  ) {}

  async list(biz: BusinessContext, query: ListProductsQuery): Promise<Paged<ProductJson>> {
    const page = pageRequest(query);
    const filter = { search: query.search, categoryId: query.category_id, inStock: query.in_stock, isActive: query.is_active ?? true };
    const { rows, total } = await findProductPage(this.dataSource, biz.id, filter, page);
    const stock = await stockOf(this.dataSource, biz.id, rows.map((r) => r.id));
    return new Paged(toProductJsonList(rows, stock), total, page);
  }

  async get(biz: BusinessContext, id: string): Promise<ProductJson> {
    return this.load(this.dataSource, biz.id, id);
  }

  async create(biz: BusinessContext, dto: CreateProductDto): Promise<ProductJson> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.uow.run((tx) => this.insert(tx, biz.id, dto));
      } catch (err) {
        if (uniqueViolationOf(err) !== SKU_INDEX) throw err;
        if (dto.sku === undefined && attempt < MAX_CREATE_ATTEMPTS) continue;
        throw skuTaken(dto.sku);
      }
    }
  }

  async update(biz: BusinessContext, id: string, dto: UpdateProductDto): Promise<ProductJson> {
    try {
      return await this.uow.run((tx) => this.patch(tx, biz.id, id, dto));
    } catch (err) {
      if (uniqueViolationOf(err) === SKU_INDEX) throw skuTaken(dto.sku);
      throw err;
    }
  }

  /** Soft delete (SPEC.md 3): the product stays, inactive, and is returned. Repeating it is harmless. */
  async deactivate(biz: BusinessContext, id: string): Promise<ProductJson> {
    return this.uow.run(async (tx) => {
      const rows = await tx.query(
        `UPDATE products SET is_active = false, updated_at = CASE WHEN is_active THEN now() ELSE updated_at END
          WHERE business_id = $1 AND id = $2 RETURNING id`,
        [biz.id, id],
      );
      if (rows.length === 0) throw DomainError.notFound('Product');
      return this.load(tx, biz.id, id);
    });
  }

  /** Inserts a product; the SKU counter is taken last, just before the insert, to hold its lock briefly. */
  async insert(tx: Tx, businessId: string, dto: CreateProductDto): Promise<ProductJson> {
    if (dto.category_id) await this.lockCategory(tx, businessId, dto.category_id);
    const sku = dto.sku ?? (await this.generateSku(tx, businessId));
    const row = await tx.one<{ id: string }>(
      `INSERT INTO products (business_id, category_id, name, sku, price, cost_price, unit, description, barcode, min_stock)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        businessId,
        dto.category_id ?? null,
        dto.name,
        sku,
        moneyString(dto.price),
        dto.cost_price == null ? null : moneyString(dto.cost_price),
        dto.unit ?? 'unit',
        dto.description ?? null,
        dto.barcode ?? null,
        quantityString(dto.min_stock ?? 0),
      ],
    );
    return this.load(tx, businessId, row!.id);
  }

  async patch(tx: Tx, businessId: string, id: string, dto: UpdateProductDto): Promise<ProductJson> {
    await findInBusiness(tx, 'products', businessId, id, { notFound: 'Product' });
    if (dto.category_id) await this.lockCategory(tx, businessId, dto.category_id);

    const params: unknown[] = [businessId, id];
    const sets: string[] = [];
    for (const column of Object.keys(WRITERS) as Column[]) {
      const value = dto[column];
      if (value === undefined) continue;
      params.push(WRITERS[column](value));
      sets.push(`${column} = $${params.length}`);
    }
    if (sets.length > 0) {
      await tx.query(`UPDATE products SET ${sets.join(', ')}, updated_at = now() WHERE business_id = $1 AND id = $2`, params);
    }
    return this.load(tx, businessId, id);
  }

  private async load(db: SqlRunner, businessId: string, id: string): Promise<ProductJson> {
    const found = await findProduct(db, businessId, id);
    if (!found) throw DomainError.notFound('Product');
    return toProductJson(found.row, found.stock);
  }

  /** The category must be the business's; the key-share lock keeps it from being deleted before commit. */
  private async lockCategory(tx: Tx, businessId: string, categoryId: string): Promise<void> {
    const row = await tx.one(`SELECT 1 FROM categories WHERE business_id = $1 AND id = $2 FOR KEY SHARE`, [businessId, categoryId]);
    if (!row) throw new DomainError('UNKNOWN_CATEGORY', undefined, [{ category_id: categoryId }]);
  }

  /** The next `SKU-000001`-style number whose SKU no product of the business has taken yet. */
  private async generateSku(tx: Tx, businessId: string): Promise<string> {
    for (;;) {
      const sku = formatSku(await nextNumber(tx, businessId, 'sku'));
      const taken = await tx.one(`SELECT 1 FROM products WHERE business_id = $1 AND sku = $2`, [businessId, sku]);
      if (!taken) return sku;
    }
  }
}

function skuTaken(sku: string | undefined): DomainError {
  return new DomainError('SKU_TAKEN', undefined, sku === undefined ? undefined : [{ sku }]);
}
