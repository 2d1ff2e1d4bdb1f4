import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness } from '../../database/repository-helpers';
import { ListStockCountsQuery } from './dto/list-stock-counts.query';
import { StockCountItem } from './entities/stock-count-item.entity';
import { StockCount } from './entities/stock-count.entity';
import { StockCountJson, toStockCountJson } from './stock-count.mapper';

/** GET /stock/counts and /stock/counts/:id. */
@Injectable()
export class StockCountsReader {
  constructor(private readonly dataSource: DataSource) {}

  async get(biz: BusinessContext, id: string): Promise<StockCountJson> {
    const count = await findInBusiness(this.dataSource.getRepository(StockCount), biz.id, id, 'Stock count');
    const items = await this.itemsOf(biz.id, [id]);
    return toStockCountJson(count, items.get(id) ?? []);
  }

  /** Newest first; filters warehouse_id and inclusive from/to posting dates in the business time zone. */
  async list(biz: BusinessContext, query: ListStockCountsQuery): Promise<Paged<StockCountJson>> {
    const page = await BusinessQuery.of(this.dataSource.getRepository(StockCount), 'c', biz.id)
      .equals('c.warehouseId', query.warehouse_id)
      .withinLocalDates('c.createdAt', query, biz.timezone)
      .orderBy({ 'c.createdAt': 'DESC', 'c.number': 'DESC' })
      .page(pageRequest(query));
    const items = await this.itemsOf(
      biz.id,
      page.items.map((c) => c.id),
    );
    return page.map((count) => toStockCountJson(count, items.get(count.id) ?? []));
  }

  private async itemsOf(businessId: string, countIds: string[]): Promise<Map<string, StockCountItem[]>> {
    if (countIds.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(StockCountItem)
      .find({ where: { businessId, countId: In(countIds) }, order: { countId: 'ASC', lineNo: 'ASC' } });
    return groupBy(rows, (item) => item.countId);
  }
}
