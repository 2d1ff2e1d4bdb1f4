import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One ledger entry (income or expense). No foreign keys (high-volume table). */
@Entity('finance_transactions')
@Check('finance_transactions_amount_check', 'amount >= 0')
// (business_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('finance_transactions_business_created_idx', { synchronize: false })
// (business_id, type, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('finance_transactions_business_type_idx', { synchronize: false })
// (business_id, occurred_on DESC, created_at DESC) INCLUDE (type, amount): no DESC nor INCLUDE in TypeORM.
@Index('finance_transactions_business_day_idx', { synchronize: false })
export class FinanceTransaction {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'finance_transactions_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'finance_transactions_pkey' })
  businessId: string;

  @Column('text')
  type: string;

  @Column('text')
  category: string;

  @Column('numeric', { precision: 14, scale: 2 })
  amount: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('uuid', { nullable: true })
  saleId: string | null;

  @Column('uuid', { nullable: true })
  invoiceId: string | null;

  @Column('uuid', { nullable: true })
  referenceId: string | null;

  /** The booking date, a calendar date of the business (YYYY-MM-DD). */
  @Column('date')
  occurredOn: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
