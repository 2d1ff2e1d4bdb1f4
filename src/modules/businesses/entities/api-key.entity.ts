import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from './business.entity';

/** A Bearer key of a business; only its SHA-256 is stored. */
@Entity('api_keys')
@Index('api_keys_key_hash_uq', ['keyHash'], { unique: true })
@Index('api_keys_business_idx', ['businessId'])
export class ApiKey {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'api_keys_pkey' })
  id: string;

  @Column('uuid')
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'api_keys_business_id_fkey' })
  business?: Business;

  /** hex SHA-256 of the key */
  @Column('char', { length: 64 })
  keyHash: string;

  /** the first characters of the key, to tell keys apart in lists and logs */
  @Column('text')
  keyPrefix: string;

  @Column('timestamptz', { nullable: true })
  revokedAt: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
