import { TaxLineJson, toTaxLinesJson } from '../orders/order.mapper';
import type { DocumentTax } from '../taxes/refund-tax-lines.reader';
import { CreatedByJson, createdByOfEntity } from '../../common/activity/created-by';
import { ApiProperty } from '@nestjs/swagger';
import { moneyNumber, quantityNumber } from '../../common/money/money';
import { CreditNote } from './entities/credit-note.entity';

export class CreditNoteItemJson {
  @ApiProperty({ format: 'uuid' }) sale_item_id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) product_name: string;
  @ApiProperty({ example: 1 }) quantity: number;
  @ApiProperty({ example: 12.5 }) amount: number;
}

/** The public credit note (docs/api.md 12), field by field. */
export class CreditNoteJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'CN-0001' }) credit_note_number: string;
  @ApiProperty({ format: 'uuid' }) invoice_id: string;
  @ApiProperty({ example: 'INV-0001' }) invoice_number: string;
  @ApiProperty({ format: 'uuid' }) return_id: string;
  @ApiProperty({ format: 'uuid' }) sale_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) customer_id: string | null;
  @ApiProperty({ type: [CreditNoteItemJson] }) items: CreditNoteItemJson[];
  @ApiProperty({ example: 12.5 }) subtotal: number;
  @ApiProperty({ example: 2.38 }) tax_amount: number;
  @ApiProperty({ type: [TaxLineJson], description: "per rate, what its return refunds of the order's computed tax (docs/api.md 22); [] otherwise" })
  tax_lines: TaxLineJson[];
  @ApiProperty({ example: 0 }) discount_amount: number;
  @ApiProperty({ example: 0 }) shipping_amount: number;
  @ApiProperty({ example: 14.88 }) total: number;
  @ApiProperty({ type: CreatedByJson, nullable: true, description: 'who made it: the member or the key (null for documents made before attribution)' })
  created_by: CreatedByJson | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** A line of the credit note as read from its return's line and the sale line's name. */
export interface CreditNoteLine {
  saleItemId: string;
  productId: string;
  productName: string;
  quantity: string;
  amount: string;
}

export function toCreditNoteJson(note: CreditNote, invoiceNumber: string, lines: CreditNoteLine[], tax: DocumentTax | null = null): CreditNoteJson {
  return {
    id: note.id,
    credit_note_number: note.creditNoteNumber,
    invoice_id: note.invoiceId,
    invoice_number: invoiceNumber,
    return_id: note.returnId,
    sale_id: note.saleId,
    customer_id: note.customerId,
    items: lines.map((l) => ({
      sale_item_id: l.saleItemId,
      product_id: l.productId,
      product_name: l.productName,
      quantity: quantityNumber(l.quantity),
      amount: moneyNumber(l.amount),
    })),
    subtotal: moneyNumber(note.subtotal),
    tax_amount: moneyNumber(note.taxAmount),
    tax_lines: toTaxLinesJson(tax?.taxLines),
    discount_amount: moneyNumber(note.discountAmount),
    shipping_amount: moneyNumber(note.shippingAmount),
    total: moneyNumber(note.total),
    created_by: createdByOfEntity(note),
    created_at: note.createdAt.toISOString(),
  };
}
