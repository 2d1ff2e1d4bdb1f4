import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

@Entity('categories')
// (business_id, lower(name)): names are unique case-insensitively; TypeORM cannot declare an expression index.
@Index('categories_business_name_uq', { synchronize: false })
export class Category {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'categories_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'categories_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'categories_business_id_fkey' })
  business?: Business;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
