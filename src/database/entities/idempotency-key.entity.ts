import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The first response to an Idempotency-Key, replayed to repeats of the same request. */
@Entity('idempotency_keys')
@Index('idempotency_keys_created_idx', ['createdAt'])
export class IdempotencyKey {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'idempotency_keys_pkey' })
  businessId: string;

  @PrimaryColumn('text', { primaryKeyConstraintName: 'idempotency_keys_pkey' })
  key: string;

  @Column('text')
  method: string;

  @Column('text')
  path: string;

  /** SHA-256 hex of the request. */
  @Column('char', { length: 64 })
  requestHash: string;

  @Column('text')
  status: string;

  @Column('integer', { nullable: true })
  responseStatus: number | null;

  /** json, not jsonb: a replay sends back the stored text byte for byte (jsonb would reorder keys). */
  @Column('json', { nullable: true })
  responseBody: unknown;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
