import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { costString, moneyString, quantityString } from '../../common/money/money';
import { LockRank } from '../../database/lock-order';
import { takeNumber } from '../../database/numbering';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { checkProducts } from '../products/product-references';
import { Supplier } from '../suppliers/entities/supplier.entity';
import { checkWarehouses, defaultWarehouseId } from '../warehouses/warehouse-references';
import { CreatePurchaseOrderDto } from './dto/create-purchase-order.dto';
import { PurchaseOrderLineDto } from './dto/purchase-order-line.dto';
import { UpdatePurchaseOrderDto } from './dto/update-purchase-order.dto';
import { PurchaseOrderItem } from './entities/purchase-order-item.entity';
import { PurchaseOrder } from './entities/purchase-order.entity';
import { PurchaseOrderJson } from './purchase-order.mapper';
import { pricePurchaseOrder, PurchaseOrderTooLarge } from './purchase-order-pricing';
import { mayPurchaseOrder, PurchaseOrderAction, PurchaseOrderStatus } from './purchase-order-status';
import { PurchaseOrdersReader } from './purchase-orders.reader';

/**
 * Purchase orders (docs/api.md 13) up to receiving: created as drafts (PO-0001, a gapless number
 * taken after every check, so a refused request takes none), edited only as drafts, submitted,
 * cancelled. Each change locks the order row first, so concurrent changes see each other's status.
 */
@Injectable()
export class PurchaseOrdersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reader: PurchaseOrdersReader,
  ) {}

  async create(biz: BusinessContext, dto: CreatePurchaseOrderDto): Promise<PurchaseOrderJson> {
    return this.uow.run(async (tx) => {
      await checkSupplier(tx, biz.id, dto.supplier_id);
      const warehouseId = dto.warehouse_id ?? (await defaultWarehouseId(tx, biz.id));
      await checkWarehouses(tx, biz.id, [warehouseId]);
      await checkProducts(
        tx,
        biz.id,
        dto.items.map((l) => l.product_id),
      );
      const priced = priceLines(dto.items);
      const number = await takeNumber(tx, biz.id, 'purchase_order', 'PO');
      const order = await tx.getRepository(PurchaseOrder).save({
        businessId: biz.id,
        number: number.number,
        purchaseOrderNumber: number.formatted,
        supplierId: dto.supplier_id,
        warehouseId,
        status: 'draft',
        expectedDate: dto.expected_date ?? null,
        notes: dto.notes ?? null,
        total: moneyString(priced.total),
        createdAt: number.at,
        updatedAt: number.at,
      });
      await insertLines(tx, biz.id, order.id, dto.items, priced.lineTotals);
      tx.recordActivity(activityOf(biz, 'purchase_orders.create', purchaseOrderResource(order)));
      return this.reader.get(biz, order.id, tx.manager);
    });
  }

  /** A draft only: the sent fields; `items`, when sent, replaces every line and the total. */
  async update(biz: BusinessContext, id: string, dto: UpdatePurchaseOrderDto): Promise<PurchaseOrderJson> {
    return this.uow.run(async (tx) => {
      await lockForAction(tx, biz.id, id, 'update', 'draft');
      const before = await this.reader.get(biz, id, tx.manager);
      const changes: Partial<PurchaseOrder> = { updatedAt: new Date() };
      if (dto.supplier_id !== undefined) {
        await checkSupplier(tx, biz.id, dto.supplier_id);
        changes.supplierId = dto.supplier_id;
      }
      if (dto.warehouse_id !== undefined) {
        await checkWarehouses(tx, biz.id, [dto.warehouse_id]);
        changes.warehouseId = dto.warehouse_id;
      }
      if (dto.expected_date !== undefined) changes.expectedDate = dto.expected_date;
      if (dto.notes !== undefined) changes.notes = dto.notes;
      if (dto.items !== undefined) {
        if (dto.items === null) throw DomainError.validation('items', 'items must contain at least one line');
        await checkProducts(
          tx,
          biz.id,
          dto.items.map((l) => l.product_id),
        );
        const priced = priceLines(dto.items);
        await tx.getRepository(PurchaseOrderItem).delete({ businessId: biz.id, purchaseOrderId: id });
        await insertLines(tx, biz.id, id, dto.items, priced.lineTotals);
        changes.total = moneyString(priced.total);
      }
      await tx.getRepository(PurchaseOrder).update({ businessId: biz.id, id }, changes);
      const after = await this.reader.get(biz, id, tx.manager);
      tx.recordActivity(
        activityOf(biz, 'purchase_orders.update', { type: 'purchase_order', id, label: after.purchase_order_number }, changesBetween(before, after)),
      );
      return after;
    });
  }

  /** draft -> ordered. */
  async submit(biz: BusinessContext, id: string): Promise<PurchaseOrderJson> {
    return this.transition(biz, id, 'submit', 'ordered');
  }

  /** draft, ordered or partially_received -> cancelled; what was received stays. */
  async cancel(biz: BusinessContext, id: string): Promise<PurchaseOrderJson> {
    return this.transition(biz, id, 'cancel', 'cancelled');
  }

  private async transition(biz: BusinessContext, id: string, action: PurchaseOrderAction, to: PurchaseOrderStatus): Promise<PurchaseOrderJson> {
    return this.uow.run(async (tx) => {
      const order = await lockForAction(tx, biz.id, id, action, to);
      const changes: Partial<PurchaseOrder> = { status: to, updatedAt: new Date() };
      if (to === 'cancelled') changes.paidAtCancel = order.paidAmount;
      await tx.getRepository(PurchaseOrder).update({ businessId: biz.id, id }, changes);
      tx.recordActivity(activityOf(biz, `purchase_orders.${action}`, purchaseOrderResource(order), changesBetween({ status: order.status }, { status: to })));
      return this.reader.get(biz, id, tx.manager);
    });
  }
}

/** A purchase order as the activity log names it: by its number. */
export function purchaseOrderResource(order: PurchaseOrder) {
  return { type: 'purchase_order', id: order.id, label: order.purchaseOrderNumber };
}

/**
 * The purchase order, its row locked until the transaction ends; 404 for another business's, 409
 * INVALID_STATUS_TRANSITION unless `action` may start from its status.
 */
export async function lockForAction(tx: Tx, businessId: string, id: string, action: PurchaseOrderAction, to: string): Promise<PurchaseOrder> {
  tx.locks.take(LockRank.PurchaseOrderRow);
  const order = await tx.getRepository(PurchaseOrder).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
  if (!order) throw DomainError.notFound('Purchase order');
  if (!mayPurchaseOrder(action, order.status)) {
    throw new DomainError('INVALID_STATUS_TRANSITION', `A purchase order that is ${order.status} cannot be ${action === 'update' ? 'changed' : to}`, [
      { from: order.status, to },
    ]);
  }
  return order;
}

async function checkSupplier(tx: Tx, businessId: string, supplierId: string): Promise<void> {
  if (!(await tx.getRepository(Supplier).existsBy({ businessId, id: supplierId })))
    throw new DomainError('UNKNOWN_SUPPLIER', undefined, [{ supplier_id: supplierId }]);
}

function priceLines(lines: PurchaseOrderLineDto[]) {
  try {
    return pricePurchaseOrder(lines.map((l) => ({ quantity: quantityString(l.quantity), unitCost: costString(l.unit_cost) })));
  } catch (err) {
    if (err instanceof PurchaseOrderTooLarge) throw DomainError.validation(err.field, err.message);
    throw err;
  }
}

async function insertLines(
  tx: Tx,
  businessId: string,
  purchaseOrderId: string,
  lines: PurchaseOrderLineDto[],
  totals: { toString(): string }[],
): Promise<void> {
  await tx.getRepository(PurchaseOrderItem).insert(
    lines.map((line, i) => ({
      businessId,
      purchaseOrderId,
      lineNo: i + 1,
      productId: line.product_id,
      quantity: quantityString(line.quantity),
      unitCost: costString(line.unit_cost),
      total: moneyString(totals[i].toString()),
    })),
  );
}
