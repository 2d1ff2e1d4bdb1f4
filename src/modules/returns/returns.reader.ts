import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness } from '../../database/repository-helpers';
import { CreditNote } from '../invoices/entities/credit-note.entity';
import { Sale } from '../orders/entities/sale.entity';
import { ListReturnsQuery } from './dto/list-returns.query';
import { ReturnItem } from './entities/return-item.entity';
import { Return } from './entities/return.entity';
import { ReturnJson, toReturnJson } from './return.mapper';
import { returnTaxLines } from '../taxes/refund-tax-lines.reader';

/**
 * GET /returns, /returns/:id and /orders/:id/returns: reads only. `db` is a transaction's manager to
 * read what it wrote (a return answers with itself as committed with its Idempotency-Key).
 */
@Injectable()
export class ReturnsReader {
  constructor(private readonly dataSource: DataSource) {}

  async get(biz: BusinessContext, id: string, db: EntityManager = this.dataSource.manager): Promise<ReturnJson> {
    const ret = await findInBusiness(db.getRepository(Return), biz.id, id, 'Return');
    const [json] = await this.withLines(db, biz.id, [ret]);
    return json;
  }

  /** Newest first; `from`/`to` are inclusive dates in the business time zone. */
  async list(biz: BusinessContext, query: ListReturnsQuery): Promise<Paged<ReturnJson>> {
    return this.page(biz, query, null);
  }

  /** The returns of one order (404 for an order of another business), newest first. */
  async listForOrder(biz: BusinessContext, saleId: string, query: ListReturnsQuery): Promise<Paged<ReturnJson>> {
    await findInBusiness(this.dataSource.getRepository(Sale), biz.id, saleId, 'Order');
    return this.page(biz, query, saleId);
  }

  private async page(biz: BusinessContext, query: ListReturnsQuery, saleId: string | null): Promise<Paged<ReturnJson>> {
    const page = await BusinessQuery.of(this.dataSource.getRepository(Return), 'r', biz.id)
      .equals('r.saleId', saleId ?? undefined)
      .withinLocalDates('r.createdAt', query, biz.timezone)
      .orderBy({ 'r.createdAt': 'DESC', 'r.number': 'DESC' })
      .page(pageRequest(query));
    const json = new Map((await this.withLines(this.dataSource.manager, biz.id, page.items)).map((r) => [r.id, r]));
    return page.map((ret) => json.get(ret.id)!);
  }

  /** The returns with their lines, their sale's number and their credit note's: three reads for any number of returns. */
  private async withLines(db: EntityManager, businessId: string, returns: Return[]): Promise<ReturnJson[]> {
    if (returns.length === 0) return [];
    const ids = returns.map((r) => r.id);
    const items = await db.getRepository(ReturnItem).find({ where: { businessId, returnId: In(ids) }, order: { returnId: 'ASC', lineNo: 'ASC' } });
    const sales = await db
      .getRepository(Sale)
      .find({ select: { id: true, saleNumber: true }, where: { businessId, id: In([...new Set(returns.map((r) => r.saleId))]) } });
    const notes = await db.getRepository(CreditNote).find({ select: { id: true, creditNoteNumber: true }, where: { businessId, returnId: In(ids) } });
    const taxes = await returnTaxLines(db, businessId, ids);
    const itemsOf = groupBy(items, (item) => item.returnId);
    const saleNumbers = new Map(sales.map((s) => [s.id, s.saleNumber]));
    const noteNumbers = new Map(notes.map((n) => [n.id, n.creditNoteNumber]));
    return returns.map((ret) =>
      toReturnJson(ret, itemsOf.get(ret.id) ?? [], {
        saleNumber: saleNumbers.get(ret.saleId)!,
        creditNoteNumber: ret.creditNoteId ? (noteNumbers.get(ret.creditNoteId) ?? null) : null,
        ...(taxes.get(ret.id) ?? { taxLines: [], taxIncluded: false }),
      }),
    );
  }
}
