import { ApiProperty } from '@nestjs/swagger';
import { quantityNumber } from '../../common/money/money';
import { StockCountItem } from './entities/stock-count-item.entity';
import { StockCount } from './entities/stock-count.entity';

export class StockCountItemJson {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 18, description: 'the stock at posting time' }) expected_quantity: number;
  @ApiProperty({ example: 17 }) counted_quantity: number;
  @ApiProperty({ example: -1, description: 'counted - expected: the count movement' }) difference: number;
}

/** The public stock count (docs/api.md 14). */
export class StockCountJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'CNT-0001' }) count_number: string;
  @ApiProperty({ format: 'uuid' }) warehouse_id: string;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: [StockCountItemJson] }) items: StockCountItemJson[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function toStockCountJson(count: StockCount, items: StockCountItem[]): StockCountJson {
  return {
    id: count.id,
    count_number: count.countNumber,
    warehouse_id: count.warehouseId,
    note: count.note,
    items: items.map((item) => ({
      product_id: item.productId,
      expected_quantity: quantityNumber(item.expectedQuantity),
      counted_quantity: quantityNumber(item.countedQuantity),
      difference: quantityNumber(item.difference),
    })),
    created_at: count.createdAt.toISOString(),
  };
}
