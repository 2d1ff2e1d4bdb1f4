import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

@Entity('warehouses')
@Index('warehouses_business_idx', ['businessId', 'name'])
/** At most one default warehouse per business: orders without warehouse_id use it. */
@Index('warehouses_one_default_uq', ['businessId'], { unique: true, where: 'is_default' })
export class Warehouse {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'warehouses_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'warehouses_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'warehouses_business_id_fkey' })
  business?: Business;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  address: string | null;

  @Column('boolean', { default: false })
  isDefault: boolean;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
