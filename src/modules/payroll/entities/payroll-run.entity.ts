import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A payroll run, booked as a finance `expense` transaction. No foreign keys to the business. */
@Entity('payroll_runs')
@Check('payroll_runs_total_check', 'total > 0')
@Check('payroll_runs_employee_count_check', 'employee_count > 0')
@Check('payroll_runs_check', 'period_end >= period_start')
// (business_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('payroll_runs_business_created_idx', { synchronize: false })
export class PayrollRun {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'payroll_runs_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'payroll_runs_pkey' })
  businessId: string;

  @Column('date')
  periodStart: string;

  @Column('date')
  periodEnd: string;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;

  @Column('integer')
  employeeCount: number;

  @Column('uuid')
  financeTransactionId: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
