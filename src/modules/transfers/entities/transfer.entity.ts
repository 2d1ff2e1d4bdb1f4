import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** Goods moving between two warehouses of a business (docs/api.md 14), numbered TR-0001 gaplessly. */
@Entity('transfers')
@Index('transfers_business_number_uq', ['businessId', 'number'], { unique: true })
@Index('transfers_business_created_idx', ['businessId', 'createdAt'])
@Index('transfers_in_transit_idx', ['businessId'], { where: `status = 'in_transit'` })
@Check('transfers_warehouses_check', 'from_warehouse_id <> to_warehouse_id')
export class Transfer {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'transfers_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'transfers_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'transfer'). */
  @Column('bigint')
  number: string;

  @Column('text')
  transferNumber: string;

  @Column('uuid')
  fromWarehouseId: string;

  @Column('uuid')
  toWarehouseId: string;

  /** in_transit, received, cancelled (transfer-status.ts) */
  @Column('text')
  status: string;

  @Column('text', { nullable: true })
  notes: string | null;

  /**
   * The stock ledger position (stock_movements.seq) where the transfer was received or cancelled,
   * taken under its products' stock locks: where its losses leave the on-hand stock in the average-cost
   * replay of `cli verify`.
   */
  @Column('bigint', { nullable: true })
  closedSeq: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  receivedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  cancelledAt: Date | null;
}
