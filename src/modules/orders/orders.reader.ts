import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { assertDateRange } from '../../common/pagination/date-range';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { CsvExport } from '../../common/csv/csv-response';
import { EXPORT_PAGE_ROWS, exportFilename, keysetPages } from '../../common/csv/csv-export';
import { runStatement, runPageOnGenericPlan } from '../../database/run-statement';
import { Tx } from '../../database/transaction';
import { ExportOrdersQuery, ListOrdersQuery } from './dto/list-orders.query';
import { OrderJson, toOrderJsonWithLines } from './order.mapper';
import { OrderCsvRow, orderCsvLayout } from './order-csv';
import { saleNumberKey } from './sale-number-key';
import { readLatestSalePage, readSale, readSaleExportPage, readSalePage } from './persistence/orders-read.sql';

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
    const number = numberFilter(query);
    if (number === NO_SALE) return new Paged([], 0, page);
    const filtered = query.customer_id || query.status || query.from || query.to || number;
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
          number?.value ?? null,
          number?.text ?? null,
        ])
      : await runPageOnGenericPlan(this.dataSource, readLatestSalePage, [biz.id, page.limit, page.offset]);
    const sales = rows.filter((r) => r.id !== null);
    return new Paged(sales.map(toOrderJsonWithLines), rows[0]?.total_count ?? 0, page);
  }

  /**
   * GET /orders/export: every order the same filters give GET /orders, in its order, as CSV (a record
   * per line, orderCsvLayout), read EXPORT_PAGE_ROWS at a time (keyset: orders.exportPage) as the
   * response takes them.
   */
  export(biz: BusinessContext, query: ExportOrdersQuery): CsvExport<OrderCsvRow> {
    return { filename: exportFilename('orders', biz.timezone), layout: orderCsvLayout(biz.timezone), pages: this.exportPages(biz, query) };
  }

  private async *exportPages(biz: BusinessContext, query: ExportOrdersQuery): AsyncGenerator<OrderCsvRow[]> {
    assertDateRange(query);
    const number = numberFilter(query);
    if (number === NO_SALE) return;
    const filters = [query.customer_id || null, query.status || null, query.from || null, query.to || null, biz.timezone] as const;
    const read = (after: string | null) =>
      runStatement(this.dataSource, readSaleExportPage, [biz.id, ...filters, after, EXPORT_PAGE_ROWS, number?.value ?? null, number?.text ?? null]);
    for await (const rows of keysetPages(read, (row) => row.id)) {
      yield rows.map((row) => ({
        ...toOrderJsonWithLines(row),
        customer_name: row.customer_name,
        customer_email: row.customer_email,
        warehouse_name: row.warehouse_name,
      }));
    }
  }
}

/** A `number` no sale can have: the list is empty without a read. */
const NO_SALE = 'none';

/** The `number` filter as its probe (saleNumberKey); undefined when not given. */
function numberFilter(query: ExportOrdersQuery): { value: string; text: string } | typeof NO_SALE | undefined {
  if (query.number === undefined) return undefined;
  return saleNumberKey(query.number) ?? NO_SALE;
}
