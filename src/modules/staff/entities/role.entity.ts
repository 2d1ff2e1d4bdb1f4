import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

/** A business's own role (docs/api.md 19): a named set of docs/api.md 18 scopes. The built-in roles are code (staff/built-in-roles.ts). */
@Entity('roles')
@Check('roles_scopes_not_empty', 'cardinality(scopes) > 0')
@Index('roles_business_name_uq', { synchronize: false })
export class Role {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'roles_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'roles_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'roles_business_id_fkey' })
  business?: Business;

  /** unique in its business by lower(name) (roles_business_name_uq, written in the migration) */
  @Column('text')
  name: string;

  @Column('text', { array: true })
  scopes: string[];

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
