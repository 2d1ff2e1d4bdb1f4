import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { PayrollRun } from './payroll-run.entity';

/** One employee line of a payroll run. */
@Entity('payroll_items')
@Check('payroll_items_amount_check', 'amount > 0')
@Index('payroll_items_run_idx', ['businessId', 'runId', 'lineNo'])
export class PayrollItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'payroll_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'payroll_items_pkey' })
  businessId: string;

  @Column('uuid')
  runId: string;

  @ManyToOne(() => PayrollRun)
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'payroll_items_run_id_fkey' },
    { name: 'run_id', referencedColumnName: 'id', foreignKeyConstraintName: 'payroll_items_run_id_fkey' },
  ])
  run?: PayrollRun;

  @Column('integer')
  lineNo: number;

  @Column('text')
  employeeName: string;

  @Column('numeric', { precision: 14, scale: 2 })
  amount: string;
}
