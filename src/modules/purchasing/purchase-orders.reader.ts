import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness } from '../../database/repository-helpers';
import { ListPurchaseOrdersQuery } from './dto/list-purchase-orders.query';
import { PurchaseOrderItem } from './entities/purchase-order-item.entity';
import { PurchaseOrder } from './entities/purchase-order.entity';
import { PurchaseOrderJson, toPurchaseOrderJson } from './purchase-order.mapper';

/** GET /purchase-orders and /purchase-orders/:id; `db` a transaction's manager to read what it wrote. */
@Injectable()
export class PurchaseOrdersReader {
  constructor(private readonly dataSource: DataSource) {}

  async get(biz: BusinessContext, id: string, db: EntityManager = this.dataSource.manager): Promise<PurchaseOrderJson> {
    const order = await findInBusiness(db.getRepository(PurchaseOrder), biz.id, id, 'Purchase order');
    const items = await this.itemsOf(db, biz.id, [id]);
    return toPurchaseOrderJson(order, items.get(id) ?? []);
  }

  /** Newest first; filters status, supplier_id and inclusive from/to creation dates in the business time zone. */
  async list(biz: BusinessContext, query: ListPurchaseOrdersQuery): Promise<Paged<PurchaseOrderJson>> {
    const page = await BusinessQuery.of(this.dataSource.getRepository(PurchaseOrder), 'o', biz.id)
      .equals('o.status', query.status)
      .equals('o.supplierId', query.supplier_id)
      .withinLocalDates('o.createdAt', query, biz.timezone)
      .orderBy({ 'o.createdAt': 'DESC', 'o.number': 'DESC' })
      .page(pageRequest(query));
    const items = await this.itemsOf(
      this.dataSource.manager,
      biz.id,
      page.items.map((o) => o.id),
    );
    return page.map((order) => toPurchaseOrderJson(order, items.get(order.id) ?? []));
  }

  private async itemsOf(db: EntityManager, businessId: string, orderIds: string[]): Promise<Map<string, PurchaseOrderItem[]>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .getRepository(PurchaseOrderItem)
      .find({ where: { businessId, purchaseOrderId: In(orderIds) }, order: { purchaseOrderId: 'ASC', lineNo: 'ASC' } });
    return groupBy(rows, (item) => item.purchaseOrderId);
  }
}
