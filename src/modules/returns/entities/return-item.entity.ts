import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One returned line: which sale line, how much, whether and where it was restocked, what it refunded. */
@Entity('return_items')
@Index('return_items_return_idx', ['businessId', 'returnId', 'lineNo'])
@Check('return_items_quantity_check', 'quantity > 0')
export class ReturnItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'return_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'return_items_pkey' })
  businessId: string;

  @Column('uuid')
  returnId: string;

  @Column('integer')
  lineNo: number;

  @Column('uuid')
  saleItemId: string;

  @Column('uuid')
  productId: string;

  @Column('numeric', { precision: 14, scale: 3 })
  quantity: string;

  @Column('boolean')
  restock: boolean;

  /** where the goods went back; null when not restocked */
  @Column('uuid', { nullable: true })
  warehouseId: string | null;

  @Column('numeric', { precision: 14, scale: 2 })
  amount: string;
}
