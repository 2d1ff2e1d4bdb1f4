import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One received line: how much of a purchase order line came in, at what unit cost. */
@Entity('receipt_items')
@Index('receipt_items_receipt_idx', ['businessId', 'receiptId', 'lineNo'])
@Index('receipt_items_product_idx', ['businessId', 'productId'])
@Check('receipt_items_quantity_check', 'quantity > 0')
export class ReceiptItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'receipt_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'receipt_items_pkey' })
  businessId: string;

  @Column('uuid')
  receiptId: string;

  @Column('integer')
  lineNo: number;

  @Column('uuid')
  purchaseOrderItemId: string;

  @Column('uuid')
  productId: string;

  @Column('numeric', { precision: 14, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 18, scale: 4 })
  unitCost: string;
}
