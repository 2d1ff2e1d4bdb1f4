import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

/** Someone the business buys goods from (docs/api.md 13). */
@Entity('suppliers')
// (business_id, lower(name)): names are unique case-insensitively; TypeORM cannot declare an expression index.
@Index('suppliers_business_name_uq', { synchronize: false })
// GIN (lower(name) gin_trgm_ops) for GET /search; TypeORM cannot declare an expression index.
@Index('suppliers_name_trgm_idx', { synchronize: false })
export class Supplier {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'suppliers_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'suppliers_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'suppliers_business_id_fkey' })
  business?: Business;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  email: string | null;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { nullable: true })
  notes: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
