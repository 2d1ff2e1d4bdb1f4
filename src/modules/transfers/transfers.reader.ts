import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness } from '../../database/repository-helpers';
import { ListTransfersQuery } from './dto/list-transfers.query';
import { TransferItem } from './entities/transfer-item.entity';
import { Transfer } from './entities/transfer.entity';
import { toTransferJson, TransferJson } from './transfer.mapper';

/** GET /stock/transfers and /stock/transfers/:id. */
@Injectable()
export class TransfersReader {
  constructor(private readonly dataSource: DataSource) {}

  async get(biz: BusinessContext, id: string): Promise<TransferJson> {
    const transfer = await findInBusiness(this.dataSource.getRepository(Transfer), biz.id, id, 'Transfer');
    const items = await this.itemsOf(biz.id, [id]);
    return toTransferJson(transfer, items.get(id) ?? []);
  }

  /** Newest first; filters status and inclusive from/to creation dates in the business time zone. */
  async list(biz: BusinessContext, query: ListTransfersQuery): Promise<Paged<TransferJson>> {
    const page = await BusinessQuery.of(this.dataSource.getRepository(Transfer), 't', biz.id)
      .equals('t.status', query.status)
      .withinLocalDates('t.createdAt', query, biz.timezone)
      .orderBy({ 't.createdAt': 'DESC', 't.number': 'DESC' })
      .page(pageRequest(query));
    const items = await this.itemsOf(
      biz.id,
      page.items.map((t) => t.id),
    );
    return page.map((transfer) => toTransferJson(transfer, items.get(transfer.id) ?? []));
  }

  private async itemsOf(businessId: string, transferIds: string[]): Promise<Map<string, TransferItem[]>> {
    if (transferIds.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(TransferItem)
      .find({ where: { businessId, transferId: In(transferIds) }, order: { transferId: 'ASC', lineNo: 'ASC' } });
    return groupBy(rows, (item) => item.transferId);
  }
}
