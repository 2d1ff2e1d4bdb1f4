import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An expense, booked as a finance `expense` transaction. No foreign keys. */
@Entity('expenses')
@Check('expenses_amount_check', 'amount > 0')
// (business_id, expense_date DESC, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('expenses_business_date_idx', { synchronize: false })
export class Expense {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'expenses_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'expenses_pkey' })
  businessId: string;

  @Column('numeric', { precision: 14, scale: 2 })
  amount: string;

  @Column('text')
  category: string;

  @Column('text', { nullable: true })
  description: string | null;

  /** A calendar date of the business (YYYY-MM-DD). */
  @Column('date')
  expenseDate: string;

  @Column('uuid')
  financeTransactionId: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
