import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One line of a sale. No foreign keys (high-volume table): sale and product ids are plain columns. */
@Entity('sale_items')
@Index('sale_items_sale_idx', ['businessId', 'saleId', 'lineNo'])
@Index('sale_items_product_idx', ['businessId', 'productId'])
// A line is never returned beyond what it sold, whatever races its returns.
@Check('sale_items_returned_quantity_check', 'returned_quantity >= 0 AND returned_quantity <= quantity')
export class SaleItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'sale_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'sale_items_pkey' })
  businessId: string;

  @Column('uuid')
  saleId: string;

  @Column('integer')
  lineNo: number;

  @Column('uuid')
  productId: string;

  @Column('text')
  productName: string;

  @Column('text')
  sku: string;

  @Column('numeric', { precision: 14, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 14, scale: 2 })
  unitPrice: string;

  @Column('numeric', { precision: 14, scale: 2 })
  discount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;

  /** the quantity returns took back */
  @Column('numeric', { precision: 14, scale: 3, default: 0 })
  returnedQuantity: string;

  /** the line's goods refunded by returns, cumulative (docs/api.md 12) */
  @Column('numeric', { precision: 14, scale: 2, default: 0 })
  returnedAmount: string;

  /** the product's average cost when it was sold (docs/api.md 13) */
  @Column('numeric', { precision: 18, scale: 4, default: 0 })
  unitCost: string;

  /** round(quantity x unit_cost), to cents */
  @Column('numeric', { precision: 33, scale: 2, default: 0 })
  costTotal: string;
}
