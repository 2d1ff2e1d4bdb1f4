import { ApiProperty } from '@nestjs/swagger';
import { quantityNumber } from '../../common/money/money';
import { TransferItem } from './entities/transfer-item.entity';
import { Transfer } from './entities/transfer.entity';
import { TRANSFER_STATUSES } from './transfer-status';

export class TransferItemJson {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 6, description: 'shipped' }) quantity: number;
  @ApiProperty({ example: 5 }) received_quantity: number;
  @ApiProperty({ example: 1, description: 'shipped and never arrived' }) lost_quantity: number;
}

/** The public stock transfer (docs/api.md 14), field by field. */
export class TransferJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'TR-0001' }) transfer_number: string;
  @ApiProperty({ format: 'uuid' }) from_warehouse_id: string;
  @ApiProperty({ format: 'uuid' }) to_warehouse_id: string;
  @ApiProperty({ enum: TRANSFER_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ type: [TransferItemJson] }) items: TransferItemJson[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) received_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancelled_at: string | null;
}

export function toTransferItemJson(item: TransferItem): TransferItemJson {
  return {
    product_id: item.productId,
    quantity: quantityNumber(item.quantity),
    received_quantity: quantityNumber(item.receivedQuantity),
    lost_quantity: quantityNumber(item.lostQuantity),
  };
}

export function toTransferJson(transfer: Transfer, items: TransferItem[]): TransferJson {
  return {
    id: transfer.id,
    transfer_number: transfer.transferNumber,
    from_warehouse_id: transfer.fromWarehouseId,
    to_warehouse_id: transfer.toWarehouseId,
    status: transfer.status,
    notes: transfer.notes,
    items: items.map(toTransferItemJson),
    created_at: transfer.createdAt.toISOString(),
    received_at: transfer.receivedAt?.toISOString() ?? null,
    cancelled_at: transfer.cancelledAt?.toISOString() ?? null,
  };
}
