import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DomainError } from '../../../common/errors/domain-error';
import { BusinessQuery } from '../../../database/business-query';
import { PageRequest, Paged } from '../../../common/pagination/pagination';
import { Tx } from '../../../database/transaction';
import { StockLevel } from '../../stock/entities/stock-level.entity';
import { TransferItem } from '../../transfers/entities/transfer-item.entity';
import { Transfer } from '../../transfers/entities/transfer.entity';
import { Warehouse } from '../../warehouses/entities/warehouse.entity';
import { Product } from '../entities/product.entity';
import { containsPattern } from '../../../common/validation/like-pattern';
import { ProductJson, toProductJson } from '../products.mapper';
import { StockCell, stockByProduct, WarehouseStock } from '../stock-by-warehouse';

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
  constructor(
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @InjectRepository(Warehouse) private readonly warehouses: Repository<Warehouse>,
  ) {}

  static within(tx: Tx): ProductReader {
    return new ProductReader(tx.getRepository(Product), tx.getRepository(Warehouse));
  }

  /** The product of the business, else 404 NOT_FOUND. */
  async get(businessId: string, id: string): Promise<ProductJson> {
    const product = await this.productsOf(businessId).equals('p.id', id).one();
    if (!product) throw DomainError.notFound('Product');
    const stock = await this.stockOf(businessId, [id]);
    const inTransit = await this.inTransitOf(businessId, [id]);
    return toProductJson(product, stock.get(id) ?? [], inTransit.get(id) ?? '0');
  }

  /** One page of the business's products sorted by name, with the filtered total. */
  async page(businessId: string, filter: ProductFilter, page: PageRequest): Promise<Paged<ProductJson>> {
    const query = this.productsOf(businessId)
      .equals('p.isActive', filter.isActive)
      .where(filter.search && containsPattern(filter.search), (p) => `p.name ILIKE ${p}`)
      .equals('p.categoryId', filter.categoryId);
    if (filter.inStock !== undefined) this.withStock(query, filter.inStock);
    const products = await query.orderBy({ 'lower(p.name)': 'ASC', 'p.name': 'ASC', 'p.id': 'ASC' }).page(page);
    const ids = products.items.map((p) => p.id);
    const stock = await this.stockOf(businessId, ids);
    const inTransit = await this.inTransitOf(businessId, ids);
    return products.map((product) => toProductJson(product, stock.get(product.id) ?? [], inTransit.get(product.id) ?? '0'));
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
   * The stock of the given products in every warehouse of the business, default warehouse first,
   * then by name: the warehouses with the stock rows of those products, in one query.
   */
  private async stockOf(businessId: string, productIds: string[]): Promise<Map<string, WarehouseStock[]>> {
    if (productIds.length === 0) return new Map();
    const cells: StockCell[] = await BusinessQuery.of(this.warehouses, 'w', businessId)
      .qb.leftJoin(StockLevel, 's', 's.businessId = w.businessId AND s.warehouseId = w.id AND s.productId IN (:...productIds)', { productIds })
      .select('w.id', 'warehouseId')
      .addSelect('w.name', 'warehouseName')
      .addSelect('s.productId', 'productId')
      .addSelect('s.quantity', 'quantity')
      .orderBy({ 'w.isDefault': 'DESC', 'lower(w.name)': 'ASC', 'w.id': 'ASC' })
      .getRawMany();
    return stockByProduct(productIds, cells);
  }

  /** What open transfers carry of the given products (only those with some), exact decimal strings. */
  private async inTransitOf(businessId: string, productIds: string[]): Promise<Map<string, string>> {
    if (productIds.length === 0) return new Map();
    const rows: { productId: string; quantity: string }[] = await this.products.manager
      .getRepository(TransferItem)
      .createQueryBuilder('ti')
      .innerJoin(Transfer, 't', 't.businessId = ti.businessId AND t.id = ti.transferId')
      .select('ti.productId', 'productId')
      .addSelect('sum(ti.quantity)', 'quantity')
      .where('t.businessId = :businessId AND t.status = :status AND ti.productId IN (:...productIds)', { businessId, status: 'in_transit', productIds })
      .groupBy('ti.productId')
      .getRawMany();
    return new Map(rows.map((r) => [r.productId, r.quantity]));
  }
}
