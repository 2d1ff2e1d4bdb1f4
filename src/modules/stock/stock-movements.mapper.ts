import { ApiProperty } from '@nestjs/swagger';
import { quantityNumber } from '../../common/money/money';
import { StockMovement } from './entities/stock-movement.entity';

export class MovementJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ format: 'uuid' }) warehouse_id: string;
  @ApiProperty({ example: 'adjustment', description: 'sale, adjustment, cancel, ...' }) type: string;
  @ApiProperty({ example: -2, description: 'signed' }) quantity: number;
  @ApiProperty({ example: 38 }) quantity_after: number;
  @ApiProperty({ type: String, nullable: true, example: 'restock' }) reason: string | null;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) sale_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function toMovementJson(movement: StockMovement): MovementJson {
  return {
    id: movement.id,
    product_id: movement.productId,
    warehouse_id: movement.warehouseId,
    type: movement.type,
    quantity: quantityNumber(movement.quantity),
    quantity_after: quantityNumber(movement.quantityAfter),
    reason: movement.reason,
    note: movement.note,
    sale_id: movement.saleId,
    created_at: movement.createdAt.toISOString(),
  };
}
