import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/repository-helpers';
import { ExportInvoicesQuery, ListInvoicesQuery } from './dto/list-invoices.query';
import { CsvExport } from '../../common/csv/csv-response';
import { EXPORT_PAGE_ROWS, exportFilename, keysetPages } from '../../common/csv/csv-export';
import { InvoiceEmail } from './entities/invoice-email.entity';
import { InvoiceItem } from './entities/invoice-item.entity';
import { Invoice } from './entities/invoice.entity';
import { InvoiceCsvRow, invoiceCsvLayout, InvoiceJson, toInvoiceJson } from './invoice.mapper';
import { saleTaxLines } from '../taxes/refund-tax-lines.reader';
import { readInvoiceNames } from './persistence/invoices-export.sql';
import { runStatement } from '../../database/run-statement';

/**
 * The items of these invoices of the business, by invoice id, each in line order; through the
 * repository given (the pool's for reads, a transaction's inside one).
 */
export async function invoiceItemsOf(items: Repository<InvoiceItem>, businessId: string, invoiceIds: string[]): Promise<Map<string, InvoiceItem[]>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await items.find({ where: { businessId, invoiceId: In(invoiceIds) }, order: { invoiceId: 'ASC', lineNo: 'ASC' } });
  return groupBy(rows, (item) => item.invoiceId);
}

/** The latest email of each of these invoices of the business, by invoice id (one read: DISTINCT ON by its index). */
export async function latestEmailsOf(emails: Repository<InvoiceEmail>, businessId: string, invoiceIds: string[]): Promise<Map<string, InvoiceEmail>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await emails
    .createQueryBuilder('e')
    .distinctOn(['e.invoiceId'])
    .where('e.businessId = :businessId AND e.invoiceId IN (:...invoiceIds)', { businessId, invoiceIds })
    .orderBy('e.invoiceId')
    .addOrderBy('e.createdAt', 'DESC')
    .addOrderBy('e.id', 'DESC')
    .getMany();
  return new Map(rows.map((row) => [row.invoiceId!, row])); // invoice rows only: the filter names invoices
}

/** GET /invoices and GET /invoices/:id: reads only (no transaction). */
@Injectable()
export class InvoicesReader {
  constructor(
    @InjectRepository(Invoice) private readonly invoices: Repository<Invoice>,
    @InjectRepository(InvoiceItem) private readonly items: Repository<InvoiceItem>,
    @InjectRepository(InvoiceEmail) private readonly emails: Repository<InvoiceEmail>,
  ) {}

  async get(biz: BusinessContext, id: string): Promise<InvoiceJson> {
    const invoice = await findInBusiness(this.invoices, biz.id, id, 'Invoice');
    const [items, emails, taxes] = await Promise.all([
      invoiceItemsOf(this.items, biz.id, [id]),
      latestEmailsOf(this.emails, biz.id, [id]),
      saleTaxLines(this.invoices.manager, biz.id, invoice.saleId ? [invoice.saleId] : []),
    ]);
    return toInvoiceJson(invoice, items.get(id) ?? [], emails.get(id) ?? null, invoice.saleId ? (taxes.get(invoice.saleId) ?? null) : null);
  }

  /** Newest first, filtered; `from`/`to` are inclusive issue dates in the business time zone. */
  async list(biz: BusinessContext, query: ListInvoicesQuery): Promise<Paged<InvoiceJson>> {
    const page = await this.filtered(biz, query).page(pageRequest(query));
    const json = await this.withItems(biz, page.items);
    return new Paged(json, page.total, page.page);
  }

  /**
   * GET /invoices/export: every invoice the same filters give GET /invoices, in its order, as CSV,
   * EXPORT_PAGE_ROWS at a time (keyset on the list's order, after the last invoice read).
   */
  export(biz: BusinessContext, query: ExportInvoicesQuery): CsvExport<InvoiceCsvRow> {
    return { filename: exportFilename('invoices', biz.timezone), layout: invoiceCsvLayout(biz.timezone), pages: this.exportPages(biz, query) };
  }

  private async *exportPages(biz: BusinessContext, query: ExportInvoicesQuery): AsyncGenerator<InvoiceCsvRow[]> {
    const read = (after: string | null) => this.filtered(biz, query).afterRowDesc(after, 'invoices', ['created_at', 'number']).first(EXPORT_PAGE_ROWS);
    for await (const invoices of keysetPages(read, (invoice) => invoice.id)) yield this.withNames(biz, invoices);
  }

  /** The public invoices of a page of the export with the names beside their ids (a third read beside the two of withItems). */
  private async withNames(biz: BusinessContext, invoices: Invoice[]): Promise<InvoiceCsvRow[]> {
    const ids = invoices.map((invoice) => invoice.id);
    const [json, names] = await Promise.all([this.withItems(biz, invoices), runStatement(this.invoices.manager.connection, readInvoiceNames, [biz.id, ids])]);
    const byId = new Map(names.map((n) => [n.id, n]));
    return json.map((invoice) => {
      const n = byId.get(invoice.id);
      return { ...invoice, customer_name: n?.customer_name ?? null, customer_email: n?.customer_email ?? null, sale_number: n?.sale_number ?? null };
    });
  }

  /** The list's query: its filters (400 when from is after to), newest first. */
  private filtered(biz: BusinessContext, query: ExportInvoicesQuery): BusinessQuery<Invoice> {
    return BusinessQuery.of(this.invoices, 'i', biz.id)
      .equals('i.customerId', query.customer_id)
      .equals('i.status', query.status)
      .withinLocalDates('i.createdAt', query, biz.timezone)
      .orderBy({ 'i.createdAt': 'DESC', 'i.number': 'DESC' });
  }

  /** The public invoices of these, with their items and latest emails (two reads, in parallel). */
  private async withItems(biz: BusinessContext, invoices: Invoice[]): Promise<InvoiceJson[]> {
    const ids = invoices.map((invoice) => invoice.id);
    const saleIds = [...new Set(invoices.flatMap((invoice) => (invoice.saleId ? [invoice.saleId] : [])))];
    const [items, emails, taxes] = await Promise.all([
      invoiceItemsOf(this.items, biz.id, ids),
      latestEmailsOf(this.emails, biz.id, ids),
      saleTaxLines(this.invoices.manager, biz.id, saleIds),
    ]);
    return invoices.map((invoice) =>
      toInvoiceJson(invoice, items.get(invoice.id) ?? [], emails.get(invoice.id) ?? null, invoice.saleId ? (taxes.get(invoice.saleId) ?? null) : null),
    );
  }
}
