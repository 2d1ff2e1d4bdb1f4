import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

export const IMPORT_KINDS = ['products', 'customers', 'stock'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ['validating', 'ready', 'applying', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * One CSV import (docs/api.md 23): the uploaded file is read once, streamed, into its rows
 * (`import_rows`), which the preview, the errors and the apply read back. Keyed by (business_id, id).
 */
@Entity('imports')
@Check('imports_kind_check', "kind IN ('products', 'customers', 'stock')")
@Check('imports_status_check', "status IN ('validating', 'ready', 'applying', 'done', 'failed', 'cancelled')")
@Check('imports_created_by_type_check', "created_by_type IN ('staff', 'key', 'system')")
@Index('imports_business_newest_idx', ['businessId', 'createdAt', 'id'])
@Index('imports_status_idx', ['status'])
export class Import {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'imports_pkey' })
  businessId: string;

  @ManyToOne(() => Business, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'imports_business_id_fkey' })
  business?: Business;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'imports_pkey' })
  id: string;

  @Column('text')
  kind: ImportKind;

  @Column('text')
  status: ImportStatus;

  @Column('text')
  fileName: string;

  /** where the upload waits on disk until it is validated (null after) */
  @Column('text', { nullable: true })
  filePath: string | null;

  /** data rows of the file (the header is not a row) */
  @Column('integer', { default: 0 })
  rows: number;

  @Column('integer', { default: 0 })
  createCount: number;

  @Column('integer', { default: 0 })
  updateCount: number;

  @Column('integer', { default: 0 })
  unchangedCount: number;

  @Column('integer', { default: 0 })
  errorCount: number;

  /** rows applied (or skipped) so far */
  @Column('integer', { default: 0 })
  progressDone: number;

  @Column('integer', { default: 0 })
  progressTotal: number;

  /** `skip` or `abort`, set by the apply */
  @Column('text', { default: () => "'skip'" })
  onError: string;

  /** the file's header, as read */
  @Column('text', { array: true, default: () => "'{}'" })
  columns: string[];

  /** the file's field separator */
  @Column('text', { default: () => "','" })
  delimiter: string;

  /** the file's columns no field of the kind reads (reported once, ignored) */
  @Column('text', { array: true, default: () => "'{}'" })
  unknownColumns: string[];

  /** why the import failed (a file that is not CSV text, a row beyond the limit, abort) */
  @Column('text', { nullable: true })
  failure: string | null;

  @Column('text')
  createdByType: 'staff' | 'key' | 'system';

  @Column('uuid', { nullable: true })
  createdById: string | null;

  @Column('text')
  createdByName: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  finishedAt: Date | null;
}
