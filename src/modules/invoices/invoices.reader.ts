import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/repository-helpers';
import { ListInvoicesQuery } from './dto/list-invoices.query';
import { InvoiceItem } from './entities/invoice-item.entity';
import { Invoice } from './entities/invoice.entity';
import { InvoiceJson, toInvoiceJson } from './invoice.mapper';

/**
 * The items of these invoices of the business, by invoice id, each in line order; through the
 * repository given (the pool's for reads, a transaction's inside one).
 */
export async function invoiceItemsOf(items: Repository<InvoiceItem>, businessId: string, invoiceIds: string[]): Promise<Map<string, InvoiceItem[]>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await items.find({ where: { businessId, invoiceId: In(invoiceIds) }, order: { invoiceId: 'ASC', lineNo: 'ASC' } });
  return groupBy(rows, (item) => item.invoiceId);
}

/** GET /invoices and GET /invoices/:id: reads only (no transaction). */
@Injectable()
export class InvoicesReader {
  constructor(
    @InjectRepository(Invoice) private readonly invoices: Repository<Invoice>,
    @InjectRepository(InvoiceItem) private readonly items: Repository<InvoiceItem>,
  ) {}

  async get(biz: BusinessContext, id: string): Promise<InvoiceJson> {
    const invoice = await findInBusiness(this.invoices, biz.id, id, 'Invoice');
    const items = await invoiceItemsOf(this.items, biz.id, [id]);
    return toInvoiceJson(invoice, items.get(id) ?? []);
  }

  /** Newest first, filtered; `from`/`to` are inclusive issue dates in the business time zone. */
  async list(biz: BusinessContext, query: ListInvoicesQuery): Promise<Paged<InvoiceJson>> {
    const page = await BusinessQuery.of(this.invoices, 'i', biz.id)
      .equals('i.customerId', query.customer_id)
      .equals('i.status', query.status)
      .withinLocalDates('i.createdAt', query, biz.timezone)
      .orderBy({ 'i.createdAt': 'DESC', 'i.number': 'DESC' })
      .page(pageRequest(query));
    const items = await invoiceItemsOf(
      this.items,
      biz.id,
      page.items.map((invoice) => invoice.id),
    );
    return page.map((invoice) => toInvoiceJson(invoice, items.get(invoice.id) ?? []));
  }
}
