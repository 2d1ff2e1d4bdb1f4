import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

/** A customer, recognised by its normalised email or phone (customer-identity.ts), each unique in the business. */
@Entity('customers')
@Index('customers_business_email_uq', ['businessId', 'emailNormalized'], { unique: true, where: 'email_normalized IS NOT NULL' })
@Index('customers_business_phone_uq', ['businessId', 'phoneNormalized'], { unique: true, where: 'phone_normalized IS NOT NULL' })
// (business_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('customers_business_created_idx', { synchronize: false })
// GIN trigram indexes on lower(name), email_normalized and phone_normalized for GET /search; TypeORM cannot declare an operator class.
@Index('customers_name_trgm_idx', { synchronize: false })
@Index('customers_email_trgm_idx', { synchronize: false })
@Index('customers_phone_trgm_idx', { synchronize: false })
// (business_id, lower(coalesce(name, email, phone)), id): GET /search's order of customers; an expression index.
@Index('customers_business_label_idx', { synchronize: false })
export class Customer {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'customers_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'customers_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'customers_business_id_fkey' })
  business?: Business;

  @Column('text', { nullable: true })
  name: string | null;

  @Column('text', { nullable: true })
  email: string | null;

  @Column('text', { nullable: true })
  emailNormalized: string | null;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { nullable: true })
  phoneNormalized: string | null;

  @Column('text', { nullable: true })
  notes: string | null;

  /** a sum of sales, sized for any number of them (migration WideAggregates) */
  @Column('numeric', { precision: 33, scale: 2, default: 0 })
  totalSpent: string;

  @Column('integer', { default: 0 })
  totalOrders: number;

  @Column('timestamptz', { nullable: true })
  lastPurchaseDate: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
