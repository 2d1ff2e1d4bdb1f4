import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { DomainError } from '../../common/errors/domain-error';
import { ListFilter } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { ListOrdersQuery } from './dto/list-orders.query';
import { OrderJson, SaleItemRow, SaleRow, toOrderJson } from './order.mapper';

const SALE_COLUMNS = `s.id, s.sale_number, s.status, s.payment_status, s.payment_method, s.customer_id, s.warehouse_id, s.currency,
  s.subtotal, s.tax_amount, s.shipping_amount, s.discount_amount, s.total, s.loyalty_points_earned, s.loyalty_transaction_id,
  s.notes, s.created_at, inv.id AS invoice_id, inv.invoice_number`;
const WITH_INVOICE = `LEFT JOIN LATERAL (
    SELECT i.id, i.invoice_number FROM invoices i WHERE i.business_id = s.business_id AND i.sale_id = s.id ORDER BY i.number LIMIT 1
  ) inv ON true`;

/** GET /orders and GET /orders/:id: order objects of SPEC.md 2.3, reads only (no transaction). */
@Injectable()
export class OrdersReader {
  constructor(private readonly dataSource: DataSource) {}

  async get(biz: BusinessContext, id: string): Promise<OrderJson> {
    const sales: SaleRow[] = await this.dataSource.query(
      `SELECT ${SALE_COLUMNS} FROM sales s ${WITH_INVOICE} WHERE s.business_id = $1 AND s.id = $2`,
      [biz.id, id],
    );
    if (sales.length === 0) throw DomainError.notFound('Order');
    const items = await this.itemsOf(biz.id, [id]);
    return toOrderJson(sales[0], items.get(id) ?? []);
  }

  /**
   * Newest first, filtered; `from`/`to` are inclusive dates in the business time zone. Two queries
   * whatever the page size: the page with its total, then the items of all its orders.
   */
  async list(biz: BusinessContext, query: ListOrdersQuery): Promise<Paged<OrderJson>> {
    const page = pageRequest(query);
    const where = new ListFilter('s.business_id', biz.id)
      .equals('s.customer_id', query.customer_id)
      .equals('s.status', query.status)
      .withinLocalDates('s.created_at', query, biz.timezone);
    const conditions = where.sql;
    const params = [...where.params, page.limit, page.offset];
    // the page is chosen first (index order, LIMIT), then its invoices: whatever the statistics
    // say, the invoice lookup runs for the rows of the page only
    const rows: (SaleRow & { total_count: number })[] = await this.dataSource.query(
      `SELECT c.total_count, p.* FROM (SELECT count(*)::int AS total_count FROM sales s WHERE ${conditions}) c
         LEFT JOIN LATERAL (
           SELECT ${SALE_COLUMNS} FROM (
             SELECT s.* FROM sales s WHERE ${conditions}
              ORDER BY s.created_at DESC, s.number DESC LIMIT $${params.length - 1} OFFSET $${params.length}
           ) s ${WITH_INVOICE}
           ORDER BY s.created_at DESC, s.number DESC
         ) p ON true`,
      params,
    );
    const sales = rows.filter((r) => r.id !== null);
    const items = await this.itemsOf(biz.id, sales.map((s) => s.id));
    return new Paged(
      sales.map((s) => toOrderJson(s, items.get(s.id) ?? [])),
      rows[0]?.total_count ?? 0,
      page,
    );
  }

  private async itemsOf(businessId: string, saleIds: string[]): Promise<Map<string, SaleItemRow[]>> {
    if (saleIds.length === 0) return new Map();
    const rows: SaleItemRow[] = await this.dataSource.query(
      `SELECT sale_id, product_id, product_name, sku, quantity, unit_price, discount, total
         FROM sale_items WHERE business_id = $1 AND sale_id = ANY($2::uuid[]) ORDER BY sale_id, line_no`,
      [businessId, saleIds],
    );
    return groupBy(rows, (row) => row.sale_id);
  }
}
