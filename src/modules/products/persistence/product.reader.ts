import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, getMetadataArgsStorage, Repository } from 'typeorm';
import { DomainError } from '../../../common/errors/domain-error';
import { BusinessQuery } from '../../../database/business-query';
import { entityColumns } from '../../../database/entity-columns';
import { PageRequest, Paged } from '../../../common/pagination/pagination';
import { runStatement, runPageOnGenericPlan } from '../../../database/run-statement';
import { Tx } from '../../../database/transaction';
import { productStock } from './product-stock.sql';
import { ProductPageRow, readProductPage } from './product-page.sql';
import { StockLevel } from '../../stock/entities/stock-level.entity';
import { Product } from '../entities/product.entity';
import { containsPattern } from '../../../common/validation/like-pattern';
import { ProductFields, ProductJson, toProductJson } from '../products.mapper';
import { ExportProductsQuery, filtersGiven, ListProductsQuery, StockStatus } from '../dto/list-products.query';
import { EXPORT_PAGE_ROWS, keysetPages } from '../../../common/csv/csv-export';
import { Warehouse } from '../../warehouses/entities/warehouse.entity';

/** The product column filter `key` compares with: its own, or the array column of its plural; a mistake of ProductReader.filterBy otherwise. */
function columnFiltered(key: string): { propertyName: string; isArray: boolean } {
  const arrays = new Set(
    getMetadataArgsStorage()
      .filterColumns(Product)
      .filter((c) => c.options.array === true)
      .map((c) => c.propertyName),
  );
  const columns = entityColumns(Product).map((c) => ({ ...c, isArray: arrays.has(c.property) }));
  const found = columns.find((c) => c.column === key && !c.isArray) ?? columns.find((c) => c.column === `${key}s` && c.isArray);
  if (!found) throw new Error(`filter ${key} of ListProductsQuery is no column of products: ProductReader.filterBy must say how it filters`);
  return { propertyName: found.property, isArray: found.isArray };
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

  /**
   * One page of the business's products sorted by name, with the filtered total: the plain page
   * (one prepared statement) when no filter is given (filtersGiven: every key of the query but the
   * page and is_active absent), else the entity query.
   */
  async page(businessId: string, query: ListProductsQuery, page: PageRequest): Promise<Paged<ProductJson>> {
    const isActive = query.is_active ?? true;
    if (filtersGiven(query).length === 0) return this.unfilteredPage(businessId, isActive, page);
    return this.filteredPage(businessId, query, isActive, page);
  }

  private async filteredPage(businessId: string, query: ListProductsQuery, isActive: boolean, page: PageRequest): Promise<Paged<ProductJson>> {
    const found = await this.filtered(businessId, query, isActive).page(page);
    return new Paged(await this.jsonWithStock(businessId, found.items), found.total, page);
  }

  /**
   * GET /products/export: every product the same filters give GET /products (the entity query's
   * conditions, whether or not a filter is given), in its order, EXPORT_PAGE_ROWS at a time. Keyset
   * paging on the list's order (lower(name), name, id) from the last product's name and id as read,
   * so a product renamed during the export cannot make the next page start elsewhere.
   */
  async *exportPages(businessId: string, query: ExportProductsQuery): AsyncGenerator<ProductJson[]> {
    const read = (after: { name: string; id: string } | null) => {
      const products = this.filtered(businessId, query, query.is_active ?? true);
      if (after)
        products.qb.andWhere('(lower(p.name), p.name, p.id) > (lower(CAST(:afterName AS text)), CAST(:afterName AS text), CAST(:afterId AS uuid))', {
          afterName: after.name,
          afterId: after.id,
        });
      return products.first(EXPORT_PAGE_ROWS);
    };
    for await (const rows of keysetPages(read, (p) => ({ name: p.name, id: p.id }))) yield this.jsonWithStock(businessId, rows);
  }

  /** The business's warehouses in the order of a product's stock_by_warehouse: the default first, then by name. */
  warehousesOf(businessId: string): Promise<Warehouse[]> {
    return this.products.manager
      .getRepository(Warehouse)
      .createQueryBuilder('w')
      .where('w.businessId = :businessId', { businessId })
      .orderBy({ 'w.isDefault': 'DESC', 'lower(w.name)': 'ASC', 'w.id': 'ASC' })
      .getMany();
  }

  /** The entity query of the list: is_active, each filter given, sorted by name. */
  private filtered(businessId: string, query: ListProductsQuery | ExportProductsQuery, isActive: boolean): BusinessQuery<Product> {
    const products = this.productsOf(businessId).equals('p.isActive', isActive);
    for (const key of filtersGiven(query)) this.filterBy(products, key, query);
    return products.orderBy({ 'lower(p.name)': 'ASC', 'p.name': 'ASC', 'p.id': 'ASC' });
  }

  /**
   * The condition of filter `key`: search and in_stock have their own; any other filter is the
   * product column of its name (category_id), compared for equality, or one element of the array
   * column named as its plural (`tag` of `tags`: the products whose tags hold it). A filter that is
   * none of these fails the request rather than being ignored.
   */
  private filterBy(products: BusinessQuery<Product>, key: string, query: ListProductsQuery | ExportProductsQuery): void {
    const value = query[key as keyof ExportProductsQuery];
    if (key === 'search') products.where(query.search && containsPattern(query.search), (p) => `p.name ILIKE ${p}`);
    else if (key === 'in_stock') this.withStock(products, query.in_stock!);
    else if (key === 'stock_status') this.withStockStatus(products, query.stock_status!);
    else {
      const column = columnFiltered(key);
      if (column.isArray) products.where(value, (p) => `${p} = ANY(p.${column.propertyName})`);
      else products.equals(`p.${column.propertyName}`, value);
    }
  }

  /** The usual first pages (no filter given): one prepared statement, measured (product-page.sql.ts). */
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

  /**
   * `low`: active, a minimum above 0, the stock over every warehouse at or below it (what is on order
   * does not count); `out`: active with no stock in any warehouse (stock is never negative).
   */
  private withStockStatus(query: BusinessQuery<Product>, status: StockStatus): void {
    query.qb.andWhere('p.isActive = true');
    if (status === 'out') return this.withStock(query, false);
    const stock = query.qb
      .subQuery()
      .select('coalesce(sum(s.quantity), 0)')
      .from(StockLevel, 's')
      .where('s.businessId = p.businessId AND s.productId = p.id')
      .getQuery();
    query.qb.andWhere(`p.minStock > 0 AND ${stock} <= p.minStock`);
  }

  /** Where the registered statements run: the transaction's connection within one (`within`), else the pool. */
  private get db(): DataSource | Tx {
    const manager = this.products.manager;
    return manager.queryRunner ? new Tx(manager) : manager.connection;
  }
}
