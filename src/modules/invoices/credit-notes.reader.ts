import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness } from '../../database/repository-helpers';
import { SaleItem } from '../orders/entities/sale-item.entity';
import { ReturnItem } from '../returns/entities/return-item.entity';
import { CreditNoteJson, toCreditNoteJson } from './credit-note.mapper';
import { returnTaxLines } from '../taxes/refund-tax-lines.reader';
import { ListCreditNotesQuery } from './dto/list-credit-notes.query';
import { CreditNote } from './entities/credit-note.entity';
import { Invoice } from './entities/invoice.entity';

/** GET /credit-notes and GET /credit-notes/:id: reads only. A credit note's lines are its return's. */
@Injectable()
export class CreditNotesReader {
  constructor(private readonly dataSource: DataSource) {}

  async get(biz: BusinessContext, id: string): Promise<CreditNoteJson> {
    const note = await findInBusiness(this.dataSource.getRepository(CreditNote), biz.id, id, 'Credit note');
    const [json] = await this.withLines(biz.id, [note]);
    return json;
  }

  /** Newest first; filters invoice_id and inclusive from/to dates in the business time zone. */
  async list(biz: BusinessContext, query: ListCreditNotesQuery): Promise<Paged<CreditNoteJson>> {
    const page = await BusinessQuery.of(this.dataSource.getRepository(CreditNote), 'n', biz.id)
      .equals('n.invoiceId', query.invoice_id)
      .withinLocalDates('n.createdAt', query, biz.timezone)
      .orderBy({ 'n.createdAt': 'DESC', 'n.number': 'DESC' })
      .page(pageRequest(query));
    const json = new Map((await this.withLines(biz.id, page.items)).map((n) => [n.id, n]));
    return page.map((note) => json.get(note.id)!);
  }

  /** Three reads for any number of notes: their return lines, the sale lines' names, the invoices' numbers. */
  private async withLines(businessId: string, notes: CreditNote[]): Promise<CreditNoteJson[]> {
    if (notes.length === 0) return [];
    const db = this.dataSource.manager;
    const [items, invoices] = await Promise.all([
      db.getRepository(ReturnItem).find({ where: { businessId, returnId: In(notes.map((n) => n.returnId)) }, order: { returnId: 'ASC', lineNo: 'ASC' } }),
      db.getRepository(Invoice).find({ select: { id: true, invoiceNumber: true }, where: { businessId, id: In([...new Set(notes.map((n) => n.invoiceId))]) } }),
    ]);
    const saleLines = await db.getRepository(SaleItem).find({
      select: { id: true, productName: true },
      where: { businessId, id: In([...new Set(items.map((i) => i.saleItemId))]) },
    });
    const nameOf = new Map(saleLines.map((l) => [l.id, l.productName]));
    const taxes = await returnTaxLines(
      db,
      businessId,
      notes.map((n) => n.returnId),
    );
    const itemsOf = groupBy(items, (item) => item.returnId);
    const invoiceNumbers = new Map(invoices.map((i) => [i.id, i.invoiceNumber]));
    return notes.map((note) =>
      toCreditNoteJson(
        note,
        invoiceNumbers.get(note.invoiceId)!,
        (itemsOf.get(note.returnId) ?? []).map((i) => ({
          saleItemId: i.saleItemId,
          productId: i.productId,
          productName: nameOf.get(i.saleItemId)!,
          quantity: i.quantity,
          amount: i.amount,
        })),
        taxes.get(note.returnId) ?? null,
      ),
    );
  }
}
