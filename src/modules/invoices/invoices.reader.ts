import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { ListFilter, queryPage } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { SqlRunner } from '../../database/sql-runner';
import { ListInvoicesQuery } from './dto/list-invoices.query';
import { InvoiceItemRow, InvoiceJson, InvoiceRow, toInvoiceJson } from './invoice.mapper';

export const INVOICE_COLUMNS = `i.id, i.invoice_number, i.customer_id, i.sale_id, i.status, i.currency, i.subtotal, i.tax_amount, i.total,
  i.due_date::text AS due_date, i.paid_date::text AS paid_date, i.notes, i.created_at, i.updated_at`;

/**
 * The invoices with these ids (in the order given), each with its items, in ONE statement (numeric
 * values of the items travel as text, like every numeric column).
 */
export async function loadInvoices(db: SqlRunner, businessId: string, ids: string[]): Promise<InvoiceJson[]> {
  if (ids.length === 0) return [];
  const rows: (InvoiceRow & { items: InvoiceItemRow[] })[] = await db.query(
    `SELECT ${INVOICE_COLUMNS}, coalesce(it.items, '[]'::json) AS items
       FROM invoices i
       LEFT JOIN LATERAL (
         SELECT json_agg(json_build_object('invoice_id', x.invoice_id, 'product_id', x.product_id, 'product_name', x.product_name,
                                           'quantity', x.quantity::text, 'unit_price', x.unit_price::text, 'total', x.total::text)
                         ORDER BY x.line_no) AS items
           FROM invoice_items x WHERE x.business_id = i.business_id AND x.invoice_id = i.id
       ) it ON true
      WHERE i.business_id = $1 AND i.id = ANY($2::uuid[])`,
    [businessId, ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.filter((id) => byId.has(id)).map((id) => toInvoiceJson(byId.get(id)!, byId.get(id)!.items));
}

/** GET /invoices and GET /invoices/:id: reads only (no transaction). */
@Injectable()
export class InvoicesReader {
  constructor(private readonly dataSource: DataSource) {}

  async get(biz: BusinessContext, id: string): Promise<InvoiceJson> {
    const [invoice] = await loadInvoices(this.dataSource, biz.id, [id]);
    if (!invoice) throw DomainError.notFound('Invoice');
    return invoice;
  }

  /** Newest first, filtered; `from`/`to` are inclusive issue dates in the business time zone. */
  async list(biz: BusinessContext, query: ListInvoicesQuery): Promise<Paged<InvoiceJson>> {
    const where = new ListFilter('i.business_id', biz.id)
      .equals('i.customer_id', query.customer_id)
      .equals('i.status', query.status)
      .withinLocalDates('i.created_at', query, biz.timezone);
    const ids = await queryPage<{ id: string }>(
      this.dataSource,
      { columns: 'i.id', from: 'invoices i', where, orderBy: 'i.created_at DESC, i.number DESC' },
      pageRequest(query),
    );
    const invoices = await loadInvoices(this.dataSource, biz.id, ids.items.map((row) => row.id));
    return new Paged(invoices, ids.total, ids.page);
  }
}
