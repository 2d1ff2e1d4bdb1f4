import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { assertDateRange } from '../../common/pagination/date-range';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { runStatement, runPageOnGenericPlan } from '../../database/run-statement';
import { Tx } from '../../database/transaction';
import { ListOrdersQuery } from './dto/list-orders.query';
import { OrderJson, toOrderJsonWithLines } from './order.mapper';
import { readLatestSalePage, readSale, readSalePage } from './persistence/orders-read.sql';

/** GET /orders and GET /orders/:id: public order objects, reads only (no transaction). */
@Injectable()
export class OrdersReader {
  constructor(private readonly dataSource: DataSource) {}

  /** `db`: a Tx to read what the caller's transaction has written and not yet committed. */
  async get(biz: BusinessContext, id: string, db: DataSource | Tx = this.dataSource): Promise<OrderJson> {
    const [sale] = await runStatement(db, readSale, [biz.id, id]);
    if (!sale) throw DomainError.notFound('Order');
    return toOrderJsonWithLines(sale);
  }

  /**
   * Newest first, filtered; `from`/`to` are inclusive dates in the business time zone. One statement
   * whatever the page size: the page with its total, each order with its lines.
   */
  async list(biz: BusinessContext, query: ListOrdersQuery): Promise<Paged<OrderJson>> {
    assertDateRange(query);
    const page = pageRequest(query);
    const filtered = query.customer_id || query.status || query.from || query.to;
    const rows = filtered
      ? await runStatement(this.dataSource, readSalePage, [
          biz.id,
          query.customer_id || null,
          query.status || null,
          query.from || null,
          query.to || null,
          biz.timezone,
          page.limit,
          page.offset,
        ])
      : await runPageOnGenericPlan(this.dataSource, readLatestSalePage, [biz.id, page.limit, page.offset]);
    const sales = rows.filter((r) => r.id !== null);
    return new Paged(sales.map(toOrderJsonWithLines), rows[0]?.total_count ?? 0, page);
  }
}
