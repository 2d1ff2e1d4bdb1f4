import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { costString } from '../../common/money/money';
import { DomainError } from '../../common/errors/domain-error';
import { uniqueViolationOf } from '../../common/errors/pg-errors';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { nextNumber } from '../../database/numbering';
import { presentFields, updateInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { Category } from '../categories/entities/category.entity';
import { lockTaxRate } from '../taxes/tax-rate-references';
import { CreateProductDto } from './dto/create-product.dto';
import { ExportProductsQuery, ListProductsQuery } from './dto/list-products.query';
import { CsvExport } from '../../common/csv/csv-response';
import { exportFilename } from '../../common/csv/csv-export';
import { UpdateProductDto } from './dto/update-product.dto';
import { Product } from './entities/product.entity';
import { ProductReader } from './persistence/product.reader';
import { productCsvLayout, ProductJson } from './products.mapper';
import { formatSku } from './sku';

const SKU_INDEX = 'products_business_sku_uq';
// a generated SKU can still lose a race against a product created with that SKU spelled out
const MAX_CREATE_ATTEMPTS = 3;

@Injectable()
export class ProductsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reader: ProductReader,
  ) {}

  async list(biz: BusinessContext, query: ListProductsQuery): Promise<Paged<ProductJson>> {
    return this.reader.page(biz.id, query, pageRequest(query));
  }

  /**
   * GET /products/export: the columns are fixed when it starts, one per warehouse the business has
   * then; the rows are read a page at a time as the response takes them.
   */
  async export(biz: BusinessContext, query: ExportProductsQuery): Promise<CsvExport<ProductJson>> {
    const warehouses = await this.reader.warehousesOf(biz.id);
    return {
      filename: exportFilename('products', biz.timezone),
      layout: productCsvLayout(warehouses, biz.timezone),
      pages: this.reader.exportPages(biz.id, query),
    };
  }

  async get(biz: BusinessContext, id: string): Promise<ProductJson> {
    return this.reader.get(biz.id, id);
  }

  async create(biz: BusinessContext, dto: CreateProductDto): Promise<ProductJson> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.uow.run((tx) => this.insert(tx, biz, dto));
      } catch (err) {
        if (uniqueViolationOf(err) !== SKU_INDEX) throw err;
        if (dto.sku === undefined && attempt < MAX_CREATE_ATTEMPTS) continue;
        throw skuTaken(dto.sku);
      }
    }
  }

  async update(biz: BusinessContext, id: string, dto: UpdateProductDto): Promise<ProductJson> {
    try {
      return await this.uow.run((tx) => this.patch(tx, biz, id, dto));
    } catch (err) {
      if (uniqueViolationOf(err) === SKU_INDEX) throw skuTaken(dto.sku);
      throw err;
    }
  }

  /** Soft delete: the product stays (past sales and movements name it), inactive, and is returned. Repeating it is harmless. */
  async deactivate(biz: BusinessContext, id: string): Promise<ProductJson> {
    return this.uow.run((tx) => this.deactivateIn(tx, biz, id));
  }

  /**
   * Inserts a product: every field of the DTO is a column (see presentFields), the rest are the
   * columns' defaults; its average cost starts at its cost_price (docs/api.md 13). The SKU counter is
   * taken last, just before the insert, to hold its lock briefly.
   */
  async insert(tx: Tx, biz: BusinessContext, dto: CreateProductDto): Promise<ProductJson> {
    const businessId = biz.id;
    const products = tx.getRepository(Product);
    if (dto.category_id) await this.lockCategory(tx, businessId, dto.category_id);
    if (dto.tax_rate_id) await lockTaxRate(tx, businessId, dto.tax_rate_id);
    const sku = dto.sku ?? (await this.generateSku(tx, businessId));
    const openingCost = costString(dto.cost_price ?? 0);
    const { identifiers } = await products.insert({
      ...presentFields<CreateProductDto, Product>(dto, products.metadata),
      businessId,
      sku,
      averageCost: openingCost,
      openingCost,
    });
    const product = await ProductReader.within(tx).get(businessId, identifiers[0].id as string);
    tx.recordActivity(activityOf(biz, 'products.create', productResource(product)));
    return product;
  }

  /** Writes the fields sent (null clears a nullable one); `updated_at` moves only when one was sent. */
  async patch(tx: Tx, biz: BusinessContext, id: string, dto: UpdateProductDto): Promise<ProductJson> {
    const businessId = biz.id;
    const products = tx.getRepository(Product);
    const before = await ProductReader.within(tx).get(businessId, id);
    if (dto.category_id) await this.lockCategory(tx, businessId, dto.category_id);
    if (dto.tax_rate_id) await lockTaxRate(tx, businessId, dto.tax_rate_id);
    const changes = presentFields<UpdateProductDto, Product>(dto, products.metadata);
    if (Object.keys(changes).length > 0) await updateInBusiness(products, businessId, id, changes, 'Product');
    const after = await ProductReader.within(tx).get(businessId, id);
    tx.recordActivity(activityOf(biz, 'products.update', productResource(after), changesBetween(before, after)));
    return after;
  }

  /** `updated_at` keeps the time it was deactivated when it already was. */
  async deactivateIn(tx: Tx, biz: BusinessContext, id: string): Promise<ProductJson> {
    const businessId = biz.id;
    await tx.getRepository(Product).update({ businessId, id, isActive: true }, { isActive: false, updatedAt: () => 'now()' });
    const product = await ProductReader.within(tx).get(businessId, id);
    tx.recordActivity(activityOf(biz, 'products.deactivate', productResource(product)));
    return product;
  }

  /** The category must be the business's; the key-share lock keeps it from being deleted before commit. */
  private async lockCategory(tx: Tx, businessId: string, categoryId: string): Promise<void> {
    const category = await tx.getRepository(Category).findOne({ select: { id: true }, where: { businessId, id: categoryId }, lock: { mode: 'for_key_share' } });
    if (!category) throw new DomainError('UNKNOWN_CATEGORY', undefined, [{ category_id: categoryId }]);
  }

  /** The next `SKU-000001`-style number whose SKU no product of the business has taken yet. */
  private async generateSku(tx: Tx, businessId: string): Promise<string> {
    for (;;) {
      const sku = formatSku(await nextNumber(tx, businessId, 'sku'));
      if (!(await tx.getRepository(Product).existsBy({ businessId, sku }))) return sku;
    }
  }
}

/** A product as the activity log names it: by its name. */
function productResource(product: ProductJson) {
  return { type: 'product', id: product.id, label: product.name };
}

function skuTaken(sku: string | undefined): DomainError {
  return new DomainError('SKU_TAKEN', undefined, sku === undefined ? undefined : [{ sku }]);
}
