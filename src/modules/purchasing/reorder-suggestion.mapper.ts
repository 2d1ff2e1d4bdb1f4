import { ApiProperty } from '@nestjs/swagger';
import { costNumber, quantityNumber } from '../../common/money/money';
import { ReorderSuggestionRow } from './persistence/reorder-suggestions.sql';

/** A product to reorder (docs/api.md 14). */
export class ReorderSuggestionJson {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 'ESP-1KG' }) sku: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) name: string;
  @ApiProperty({ example: 3, description: 'on hand over every warehouse' }) stock: number;
  @ApiProperty({ example: 0, description: 'ordered and not yet received on open purchase orders' }) on_order: number;
  @ApiProperty({ example: 10 }) min_stock: number;
  @ApiProperty({ example: 24 }) reorder_quantity: number;
  @ApiProperty({ example: 24, description: 'max(reorder_quantity, min_stock - stock - on_order)' }) suggested_quantity: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'the supplier of its latest receipt' }) last_supplier_id: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 7.25, description: 'the unit cost of its latest receipt' }) last_unit_cost: number | null;
}

export function toReorderSuggestionJson(row: ReorderSuggestionRow): ReorderSuggestionJson {
  return {
    product_id: row.product_id,
    sku: row.sku,
    name: row.name,
    stock: quantityNumber(row.stock),
    on_order: quantityNumber(row.on_order),
    min_stock: quantityNumber(row.min_stock),
    reorder_quantity: quantityNumber(row.reorder_quantity),
    suggested_quantity: quantityNumber(row.suggested_quantity),
    last_supplier_id: row.last_supplier_id,
    last_unit_cost: row.last_unit_cost === null ? null : costNumber(row.last_unit_cost),
  };
}
