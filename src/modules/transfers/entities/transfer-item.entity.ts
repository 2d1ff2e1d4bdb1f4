import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One product of a transfer: how much was shipped, and once received, how much arrived and how much was lost. */
@Entity('transfer_items')
@Index('transfer_items_transfer_idx', ['businessId', 'transferId', 'lineNo'])
@Check('transfer_items_quantities_check', 'quantity > 0 AND received_quantity >= 0 AND lost_quantity >= 0 AND received_quantity + lost_quantity <= quantity')
export class TransferItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'transfer_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'transfer_items_pkey' })
  businessId: string;

  @Column('uuid')
  transferId: string;

  @Column('integer')
  lineNo: number;

  @Column('uuid')
  productId: string;

  /** shipped */
  @Column('numeric', { precision: 14, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 14, scale: 3, default: 0 })
  receivedQuantity: string;

  @Column('numeric', { precision: 14, scale: 3, default: 0 })
  lostQuantity: string;
}
