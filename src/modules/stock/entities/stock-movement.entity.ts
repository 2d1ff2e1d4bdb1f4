import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The stock ledger: one row per change of a level, with the level after it. A high-volume table:
 * no foreign keys (each would lock the parent row on every sale); product, warehouse and sale ids
 * are plain columns.
 */
@Entity('stock_movements')
// (business_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('stock_movements_business_created_idx', { synchronize: false })
// (business_id, product_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('stock_movements_product_idx', { synchronize: false })
// (business_id, type, created_at DESC) WHERE type <> 'sale': the type filter's count, sales left out.
@Index('stock_movements_type_idx', { synchronize: false })
@Index('stock_movements_sale_idx', ['businessId', 'saleId'], { where: 'sale_id IS NOT NULL' })
export class StockMovement {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'stock_movements_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'stock_movements_pkey' })
  businessId: string;

  @Column('uuid')
  productId: string;

  @Column('uuid')
  warehouseId: string;

  /** sale, cancel, return, receipt, adjustment, transfer_out/in/cancel, count (movement-types.ts) */
  @Column('text')
  type: string;

  /** signed */
  @Column('numeric', { precision: 14, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 14, scale: 3 })
  quantityAfter: string;

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('text', { nullable: true })
  note: string | null;

  @Column('uuid', { nullable: true })
  saleId: string | null;

  /** the return whose goods came back (type `return`) */
  @Column('uuid', { nullable: true })
  returnId: string | null;

  /** the goods receipt that brought them (type `receipt`) */
  @Column('uuid', { nullable: true })
  receiptId: string | null;

  /** the transfer that moved them (types transfer_out, transfer_in, transfer_cancel) */
  @Column('uuid', { nullable: true })
  transferId: string | null;

  /** the stock count whose difference this is (type `count`) */
  @Column('uuid', { nullable: true })
  countId: string | null;

  /** the cost goods entered at (receipts, returns, cancellations): what moves the product's average cost */
  @Column('numeric', { precision: 18, scale: 4, nullable: true })
  unitCost: string | null;

  /** insertion order; a product's movements are inserted under its stock lock, so this is their order (cost replay) */
  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS' })
  seq: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
