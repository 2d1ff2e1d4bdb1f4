import { ApiProperty } from '@nestjs/swagger';
import { costNumber, quantityNumber } from '../../common/money/money';
import { ReceiptItem } from './entities/receipt-item.entity';
import { Receipt } from './entities/receipt.entity';

export class ReceiptItemJson {
  @ApiProperty({ format: 'uuid' }) purchase_order_item_id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 6 }) quantity: number;
  @ApiProperty({ example: 4.1275 }) unit_cost: number;
}

/** The public goods receipt (docs/api.md 13). */
export class ReceiptJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'GR-0001' }) receipt_number: string;
  @ApiProperty({ format: 'uuid' }) purchase_order_id: string;
  @ApiProperty({ format: 'uuid' }) warehouse_id: string;
  @ApiProperty({ type: [ReceiptItemJson] }) items: ReceiptItemJson[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function toReceiptJson(receipt: Receipt, items: ReceiptItem[]): ReceiptJson {
  return {
    id: receipt.id,
    receipt_number: receipt.receiptNumber,
    purchase_order_id: receipt.purchaseOrderId,
    warehouse_id: receipt.warehouseId,
    items: items.map((i) => ({
      purchase_order_item_id: i.purchaseOrderItemId,
      product_id: i.productId,
      quantity: quantityNumber(i.quantity),
      unit_cost: costNumber(i.unitCost),
    })),
    created_at: receipt.createdAt.toISOString(),
  };
}
