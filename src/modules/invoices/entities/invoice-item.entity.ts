import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One line of an invoice. No foreign keys: invoice and product ids are plain columns. */
@Entity('invoice_items')
@Index('invoice_items_invoice_idx', ['businessId', 'invoiceId', 'lineNo'])
export class InvoiceItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'invoice_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'invoice_items_pkey' })
  businessId: string;

  @Column('uuid')
  invoiceId: string;

  @Column('integer')
  lineNo: number;

  @Column('uuid')
  productId: string;

  @Column('text')
  productName: string;

  @Column('numeric', { precision: 14, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 14, scale: 2 })
  unitPrice: string;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;
}
