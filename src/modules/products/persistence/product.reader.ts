import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { DomainError } from '../../../common/errors/domain-error';
import { BusinessQuery } from '../../../database/business-query';
import { PageRequest, Paged } from '../../../common/pagination/pagination';
import { runStatement, runPageOnGenericPlan } from '../../../database/run-statement';
import { Tx } from '../../../database/transaction';
import { productStock } from './product-stock.sql';
import { ProductPageRow, readProductPage } from './product-page.sql';
import { StockLevel } from '../../stock/entities/stock-level.entity';
import { Product } from '../entities/product.entity';
import { containsPattern } from '../../../common/validation/like-pattern';
import { ProductFields, ProductJson, toProductJson } from '../products.mapper';

export interface ProductFilter {
  /** case-insensitive, anywhere in the name, `%` and `_` literal */
  search?: string;
  categoryId?: string;
  /** true: some stock above 0 in a warehouse; false: none */
  inStock?: boolean;
  isActive: boolean;
}

/**
 * Products as the API shows them: with their category and their stock in every warehouse of the
 * business. Reads outside a transaction use the injected repositories; `ProductReader.within(tx)`
 * reads on a transaction's connection, where its own writes are visible.
 */
@Injectable()
export class ProductReader {
  constructor(@InjectRepository(Product) private readonly products: Repository<Product>) {}

  static within(tx: Tx): ProductReader {
    return new ProductReader(tx.getRepository(Product));
  }

  /** The product of the business, else 404 NOT_FOUND. */
  async get(businessId: string, id: string): Promise<ProductJson> {
    const product = await this.productsOf(businessId).equals('p.id', id).one();
    if (!product) throw DomainError.notFound('Product');
    const [json] = await this.jsonWithStock(businessId, [product]);
    return json;
  }

  /** One page of the business's products sorted by name, with the filtered total. */
  async page(businessId: string, filter: ProductFilter, page: PageRequest): Promise<Paged<ProductJson>> {
    if (!filter.search && !filter.categoryId && filter.inStock === undefined) return this.unfilteredPage(businessId, filter.isActive, page);
    const query = this.productsOf(businessId)
      .equals('p.isActive', filter.isActive)
      .where(filter.search && containsPattern(filter.search), (p) => `p.name ILIKE ${p}`)
      .equals('p.categoryId', filter.categoryId);
    if (filter.inStock !== undefined) this.withStock(query, filter.inStock);
    const products = await query.orderBy({ 'lower(p.name)': 'ASC', 'p.name': 'ASC', 'p.id': 'ASC' }).page(page);
    return new Paged(await this.jsonWithStock(businessId, products.items), products.total, page);
  }

  /** The usual first pages (no search, category or stock filter): one prepared statement, measured (product-page.sql.ts). */
  private async unfilteredPage(businessId: string, isActive: boolean, page: PageRequest): Promise<Paged<ProductJson>> {
    const rows = await runPageOnGenericPlan(this.db, readProductPage, [businessId, isActive, page.limit, page.offset]);
    const products = rows.filter((row): row is ProductPageRow & { id: string } => row.id !== null);
    return new Paged(products.map(toProductJson), rows[0]?.total_count ?? 0, page);
  }

  /** The product objects of `products` read by the entity query, with their stock (one statement). */
  private async jsonWithStock(businessId: string, products: ProductFields[]): Promise<ProductJson[]> {
    if (products.length === 0) return [];
    const rows = await runStatement(this.db, productStock, [businessId, products.map((p) => p.id)]);
    const stock = new Map(rows.map((row) => [row.product_id, row]));
    return products.map((product) => toProductJson({ ...product, ...stock.get(product.id)! }));
  }

  /** Products of the business with their category (a category of the same business only). */
  private productsOf(businessId: string): BusinessQuery<Product> {
    const query = BusinessQuery.of(this.products, 'p', businessId);
    query.qb.leftJoinAndSelect('p.category', 'c', 'c.businessId = p.businessId');
    return query;
  }

  private withStock(query: BusinessQuery<Product>, inStock: boolean): void {
    const held = query.qb
      .subQuery()
      .select('1')
      .from(StockLevel, 's')
      .where('s.businessId = p.businessId AND s.productId = p.id AND s.quantity > 0')
      .getQuery();
    query.qb.andWhere(inStock ? `EXISTS ${held}` : `NOT EXISTS ${held}`);
  }

  /** Where the registered statements run: the transaction's connection within one (`within`), else the pool. */
  private get db(): DataSource | Tx {
    const manager = this.products.manager;
    return manager.queryRunner ? new Tx(manager) : manager.connection;
  }
}
