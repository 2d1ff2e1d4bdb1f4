import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from './business.entity';

/** A Bearer key of a business; only its SHA-256 is stored. */
@Entity('api_keys')
@Check('api_keys_scopes_not_empty', 'cardinality(scopes) > 0')
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
  @Column('char', { length: 64, select: false })
  keyHash: string;

  /** the first characters of the key, to tell keys apart in lists and logs */
  @Column('text')
  keyPrefix: string;

  /** shown in lists and in GET /business; the CLI's keys without --name get the default */
  @Column('text', { default: 'API key' })
  name: string;

  /** docs/api.md 18: a non-empty list of known scopes; a key made without one (every key made before) is `admin` */
  @Column('text', { array: true, default: () => "'{admin}'" })
  scopes: string[];

  @Column('timestamptz', { nullable: true })
  revokedAt: Date | null;

  /** kept at most once a minute per key, off the request path (ApiKeyUsage) */
  @Column('timestamptz', { nullable: true })
  lastUsedAt: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
