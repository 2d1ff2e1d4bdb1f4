import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { costString, Decimal, moneyNumber, quantityNumber, quantityString } from '../../common/money/money';
import { takeNumber } from '../../database/numbering';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { StockService } from '../stock/stock.service';
import { checkWarehouses } from '../warehouses/warehouse-references';
import { CreateReceiptDto, ReceiptLineDto } from './dto/create-receipt.dto';
import { PurchaseOrderItem } from './entities/purchase-order-item.entity';
import { PurchaseOrder } from './entities/purchase-order.entity';
import { ReceiptItem } from './entities/receipt-item.entity';
import { Receipt } from './entities/receipt.entity';
import { PurchaseOrderReceivedEvent } from './events/purchase-order-received.event';
import { ReceiptJson, toReceiptJson } from './receipt.mapper';
import { ReceiptExceedsOrdered, receiveQuantities, UnknownReceiptLine } from './receipt-quantities';
import { lockForAction } from './purchase-orders.service';

/**
 * POST /purchase-orders/:id/receipts (docs/api.md 13): goods arrive in ONE transaction. The order row
 * is locked first, so two receipts of one order run one after the other, each on what the other
 * received: a line never receives more than it ordered. Every check runs before the first write, so a
 * refusal writes nothing and takes no GR number.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stock: StockService,
  ) {}

  async receive(biz: BusinessContext, purchaseOrderId: string, dto: CreateReceiptDto): Promise<ReceiptJson> {
    return this.uow.run(async (tx) => {
      const order = await lockForAction(tx, biz.id, purchaseOrderId, 'receive', 'received');
      const lines = await tx.getRepository(PurchaseOrderItem).find({ where: { businessId: biz.id, purchaseOrderId }, order: { lineNo: 'ASC' } });
      const { after, complete } = checkedQuantities(lines, dto);
      const warehouseId = dto.warehouse_id ?? order.warehouseId;
      if (dto.warehouse_id) await checkWarehouses(tx, biz.id, [dto.warehouse_id]);
      const lineById = new Map(lines.map((l) => [l.id, l]));
      const received = dto.items.map((item) => ({ item, line: lineById.get(item.purchase_order_item_id)! }));

      const receiptId = randomUUID();
      await this.stock.receive(
        tx,
        biz.id,
        receiptId,
        received.map(({ item, line }) => ({
          productId: line.productId,
          warehouseId,
          quantity: quantityString(item.quantity),
          unitCost: unitCostOf(item, line),
        })),
      );
      const number = await takeNumber(tx, biz.id, 'receipt', 'GR');
      const receipt = await tx.getRepository(Receipt).save({
        id: receiptId,
        businessId: biz.id,
        number: number.number,
        receiptNumber: number.formatted,
        purchaseOrderId,
        warehouseId,
        createdAt: number.at,
      });
      const items = received.map(({ item, line }, i) =>
        tx.getRepository(ReceiptItem).create({
          businessId: biz.id,
          receiptId,
          lineNo: i + 1,
          purchaseOrderItemId: line.id,
          productId: line.productId,
          quantity: quantityString(item.quantity),
          unitCost: unitCostOf(item, line),
        }),
      );
      await tx.getRepository(ReceiptItem).save(items);
      await recordOnOrder(tx, biz.id, order.id, after, complete);
      if (complete) tx.record(receivedEvent(biz.id, order));
      // the receipt is a purchase-order action: in the order's entries, named by both numbers
      tx.recordActivity(
        activityOf(biz, 'purchase_orders.receive', { type: 'purchase_order', id: order.id, label: `${order.purchaseOrderNumber} ${receipt.receiptNumber}` }),
      );
      return toReceiptJson(receipt, items);
    });
  }
}

/** The receipt line's cost, else its purchase order line's. */
function unitCostOf(item: ReceiptLineDto, line: PurchaseOrderItem): string {
  return item.unit_cost === undefined ? line.unitCost : costString(item.unit_cost);
}

function checkedQuantities(lines: PurchaseOrderItem[], dto: CreateReceiptDto) {
  try {
    return receiveQuantities(
      lines.map((l) => ({ id: l.id, quantity: l.quantity, receivedQuantity: l.receivedQuantity })),
      dto.items.map((i) => ({ lineId: i.purchase_order_item_id, quantity: quantityString(i.quantity) })),
    );
  } catch (err) {
    if (err instanceof UnknownReceiptLine) throw DomainError.validation(`items.${err.index}.purchase_order_item_id`, err.message);
    if (err instanceof ReceiptExceedsOrdered) {
      throw new DomainError('RECEIPT_EXCEEDS_ORDERED', undefined, [
        {
          purchase_order_item_id: err.lineId,
          ordered: quantityNumber(err.ordered),
          received: quantityNumber(err.received),
          requested: quantityNumber(err.requested),
        },
      ]);
    }
    throw err;
  }
}

/** The received quantity of each line (absolute: the order row is locked) and the order's status. */
async function recordOnOrder(tx: Tx, businessId: string, orderId: string, after: Map<string, Decimal>, complete: boolean): Promise<void> {
  for (const [id, received] of after) {
    await tx.getRepository(PurchaseOrderItem).update({ businessId, id }, { receivedQuantity: quantityString(received) });
  }
  await tx.getRepository(PurchaseOrder).update({ businessId, id: orderId }, { status: complete ? 'received' : 'partially_received', updatedAt: new Date() });
}

function receivedEvent(businessId: string, order: PurchaseOrder): PurchaseOrderReceivedEvent {
  return new PurchaseOrderReceivedEvent(businessId, {
    purchase_order_id: order.id,
    purchase_order_number: order.purchaseOrderNumber,
    supplier_id: order.supplierId,
    warehouse_id: order.warehouseId,
    total: moneyNumber(order.total),
  });
}
