import { CreatedByJson, createdByOfEntity } from '../../common/activity/created-by';
import { ApiProperty } from '@nestjs/swagger';
import { moneyNumber, quantityNumber } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';
import { ReturnItem } from './entities/return-item.entity';
import { Return } from './entities/return.entity';
import { SaleTaxLineRow, TaxLineJson, toTaxLinesJson } from '../orders/order.mapper';

export class ReturnItemJson {
  @ApiProperty({ format: 'uuid' }) sale_item_id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 1 }) quantity: number;
  @ApiProperty({ example: true }) restock: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'where the goods went back; null when not restocked' }) warehouse_id: string | null;
  @ApiProperty({ example: 12.5, description: 'the goods refunded for this line' }) amount: number;
}

/** The public return object (docs/api.md 12), field by field. */
export class ReturnJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'R-0001' }) return_number: string;
  @ApiProperty({ format: 'uuid' }) sale_id: string;
  @ApiProperty({ example: 'S-0001' }) sale_number: string;
  @ApiProperty({ type: [ReturnItemJson] }) items: ReturnItemJson[];
  @ApiProperty({ example: 12.5 }) subtotal: number;
  @ApiProperty({ example: 2.38 }) tax_amount: number;
  @ApiProperty({ type: [TaxLineJson], description: "per rate, what it refunds of an order's computed tax (docs/api.md 22); [] otherwise" })
  tax_lines: TaxLineJson[];
  @ApiProperty({ example: 0 }) discount_amount: number;
  @ApiProperty({ example: 0 }) shipping_amount: number;
  @ApiProperty({ example: 14.88 }) total: number;
  @ApiProperty({ example: 14 }) points_reversed: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) credit_note_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'CN-0001' }) credit_note_number: string | null;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ type: CreatedByJson, nullable: true, description: 'who made it: the member or the key (null for documents made before attribution)' })
  created_by: CreatedByJson | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** What a return names besides its own row: the sale's number and its credit note's. */
export interface ReturnNames {
  saleNumber: string;
  creditNoteNumber: string | null;
  /** its tax lines (refund_tax_lines) */
  taxLines: SaleTaxLineRow[];
  taxIncluded: boolean;
}

export function toReturnItemJson(item: ReturnItem): ReturnItemJson {
  return {
    sale_item_id: item.saleItemId,
    product_id: item.productId,
    quantity: quantityNumber(item.quantity),
    restock: item.restock,
    warehouse_id: item.warehouseId,
    amount: moneyNumber(item.amount),
  };
}

export function toReturnJson(ret: Return, items: ReturnItem[], names: ReturnNames): ReturnJson {
  return {
    id: ret.id,
    return_number: ret.returnNumber,
    sale_id: ret.saleId,
    sale_number: names.saleNumber,
    items: items.map(toReturnItemJson),
    subtotal: moneyNumber(ret.subtotal),
    tax_amount: moneyNumber(ret.taxAmount),
    tax_lines: toTaxLinesJson(names.taxLines),
    discount_amount: moneyNumber(ret.discountAmount),
    shipping_amount: moneyNumber(ret.shippingAmount),
    total: moneyNumber(ret.total),
    points_reversed: pointsNumber(ret.pointsReversed),
    credit_note_id: ret.creditNoteId,
    credit_note_number: names.creditNoteNumber,
    reason: ret.reason,
    created_by: createdByOfEntity(ret),
    created_at: ret.createdAt.toISOString(),
  };
}
