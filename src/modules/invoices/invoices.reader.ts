import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { ListInvoicesQuery } from './dto/list-invoices.query';
import { InvoiceItemRow, InvoiceJson, InvoiceRow, toInvoiceJson } from './invoice.mapper';

export const INVOICE_COLUMNS = `i.id, i.invoice_number, i.customer_id, i.sale_id, i.status, i.currency, i.subtotal, i.tax_amount, i.total,
  i.due_date::text AS due_date, i.paid_date::text AS paid_date, i.notes, i.created_at, i.updated_at`;

/** Runs one statement: a DataSource outside a transaction, or a Tx inside one. */
export type QueryRunnerFn = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * The invoices with these ids (in the order given), each with its items, in ONE statement (numeric
 * values of the items travel as text, like every numeric column).
 */
export async function loadInvoices(query: QueryRunnerFn, businessId: string, ids: string[]): Promise<InvoiceJson[]> {
  if (ids.length === 0) return [];
  const rows = await query<InvoiceRow & { items: InvoiceItemRow[] }>(
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

  private readonly query: QueryRunnerFn = (sql, params) => this.dataSource.query(sql, params);

  async get(biz: BusinessContext, id: string): Promise<InvoiceJson> {
    const [invoice] = await loadInvoices(this.query, biz.id, [id]);
    if (!invoice) throw DomainError.notFound('Invoice');
    return invoice;
  }

  /** Newest first, filtered; `from`/`to` are inclusive issue dates in the business time zone. */
  async list(biz: BusinessContext, query: ListInvoicesQuery): Promise<Paged<InvoiceJson>> {
    if (query.from && query.to && query.from > query.to) throw DomainError.validation('from', 'from must not be after to');
    const page = pageRequest(query);
    const params: unknown[] = [biz.id];
    const where = ['i.business_id = $1'];
    const add = (condition: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (query.customer_id) add((p) => `i.customer_id = ${p}`, query.customer_id);
    if (query.status) add((p) => `i.status = ${p}`, query.status);
    if (query.from || query.to) params.push(biz.timezone);
    const tz = `$${params.length}`;
    if (query.from) add((p) => `i.created_at >= (${p}::date)::timestamp AT TIME ZONE ${tz}`, query.from);
    if (query.to) add((p) => `i.created_at < (${p}::date + 1)::timestamp AT TIME ZONE ${tz}`, query.to);
    const conditions = where.join(' AND ');
    const [ids, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT i.id FROM invoices i WHERE ${conditions}
          ORDER BY i.created_at DESC, i.number DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ) as Promise<{ id: string }[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM invoices i WHERE ${conditions}`, params) as Promise<{ n: number }[]>,
    ]);
    const invoices = await loadInvoices(this.query, biz.id, ids.map((row) => row.id));
    return new Paged(invoices, count.n, page);
  }
}
