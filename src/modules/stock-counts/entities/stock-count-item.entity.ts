import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One counted product: the stock at posting time, what was counted and the difference the count applied. */
@Entity('stock_count_items')
@Index('stock_count_items_count_idx', ['businessId', 'countId', 'lineNo'])
@Check('stock_count_items_quantities_check', 'counted_quantity >= 0 AND expected_quantity >= 0 AND difference = counted_quantity - expected_quantity')
export class StockCountItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'stock_count_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'stock_count_items_pkey' })
  businessId: string;

  @Column('uuid')
  countId: string;

  @Column('integer')
  lineNo: number;

  @Column('uuid')
  productId: string;

  /** the stock in the warehouse at posting time */
  @Column('numeric', { precision: 14, scale: 3 })
  expectedQuantity: string;

  @Column('numeric', { precision: 14, scale: 3 })
  countedQuantity: string;

  @Column('numeric', { precision: 15, scale: 3 })
  difference: string;
}
