import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Import } from './import.entity';

export const ROW_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export interface RowError {
  column: string;
  code: string;
  message: string;
}

/**
 * A data row of an import as validated (and, once applied, as the apply found it): its cells by
 * column, its outcome, its errors. Keyed by (business_id, import_id, row); `row` counts data rows
 * from 1.
 */
@Entity('import_rows')
@Check('import_rows_outcome_check', "outcome IN ('create', 'update', 'unchanged', 'error')")
@Index('import_rows_outcome_idx', ['businessId', 'importId', 'outcome', 'row'])
export class ImportRow {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'import_rows_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'import_rows_pkey' })
  importId: string;

  @ManyToOne(() => Import, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'import_rows_import_fkey' },
    { name: 'import_id', referencedColumnName: 'id', foreignKeyConstraintName: 'import_rows_import_fkey' },
  ])
  import?: Import;

  @PrimaryColumn('integer', { primaryKeyConstraintName: 'import_rows_pkey' })
  row: number;

  @Column('text')
  outcome: RowOutcome;

  /** what the row is matched by (a SKU, an email or phone, `sku@warehouse`); null when it has none */
  @Column('text', { nullable: true })
  key: string | null;

  /** the row's cells by column, as read (the ignored columns left out) */
  @Column('jsonb')
  cells: Record<string, string>;

  @Column('jsonb', { default: () => "'[]'" })
  errors: RowError[];

  /** applied (or skipped) by the apply */
  @Column('boolean', { default: false })
  applied: boolean;
}
