import { ApiProperty } from '@nestjs/swagger';
import { costNumber, moneyNumber, quantityNumber } from '../../common/money/money';
import { PurchaseOrderItem } from './entities/purchase-order-item.entity';
import { PurchaseOrder } from './entities/purchase-order.entity';
import { PURCHASE_ORDER_STATUSES } from './purchase-order-status';

export class PurchaseOrderItemJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 12 }) quantity: number;
  @ApiProperty({ example: 4.1275 }) unit_cost: number;
  @ApiProperty({ example: 49.53 }) total: number;
  @ApiProperty({ example: 0 }) received_quantity: number;
}

/** The public purchase order (docs/api.md 13), field by field. */
export class PurchaseOrderJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'PO-0001' }) purchase_order_number: string;
  @ApiProperty({ format: 'uuid' }) supplier_id: string;
  @ApiProperty({ format: 'uuid' }) warehouse_id: string;
  @ApiProperty({ enum: PURCHASE_ORDER_STATUSES }) status: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) expected_date: string | null;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ type: [PurchaseOrderItemJson] }) items: PurchaseOrderItemJson[];
  @ApiProperty({ example: 49.53 }) total: number;
  @ApiProperty({ example: 0 }) paid_amount: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toPurchaseOrderJson(order: PurchaseOrder, items: PurchaseOrderItem[]): PurchaseOrderJson {
  return {
    id: order.id,
    purchase_order_number: order.purchaseOrderNumber,
    supplier_id: order.supplierId,
    warehouse_id: order.warehouseId,
    status: order.status,
    expected_date: order.expectedDate,
    notes: order.notes,
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      quantity: quantityNumber(item.quantity),
      unit_cost: costNumber(item.unitCost),
      total: moneyNumber(item.total),
      received_quantity: quantityNumber(item.receivedQuantity),
    })),
    total: moneyNumber(order.total),
    paid_amount: moneyNumber(order.paidAmount),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}
