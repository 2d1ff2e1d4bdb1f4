import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';
import { Role } from './role.entity';
import { User } from './user.entity';

export const MEMBER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * A user's membership of one business (docs/api.md 19), with either a built-in role (`builtInRole`,
 * its name) or one of the business's own roles (`roleId`), never both.
 */
@Entity('business_members')
@Check('business_members_one_role', '(built_in_role IS NULL) <> (role_id IS NULL)')
@Check('business_members_status', "status IN ('invited', 'active', 'disabled')")
@Index('business_members_business_user_uq', ['businessId', 'userId'], { unique: true })
@Index('business_members_user_idx', ['userId'])
@Index('business_members_role_idx', ['businessId', 'roleId'])
export class BusinessMember {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'business_members_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'business_members_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'business_members_business_id_fkey' })
  business?: Business;

  @Column('uuid')
  userId: string;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'business_members_user_id_fkey' })
  user?: User;

  /** owner | manager | cashier | clerk | accountant */
  @Column('text', { nullable: true })
  builtInRole: string | null;

  /** one of the business's own roles */
  @Column('uuid', { nullable: true })
  roleId: string | null;

  @ManyToOne(() => Role)
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'business_members_role_id_fkey' },
    { name: 'role_id', referencedColumnName: 'id', foreignKeyConstraintName: 'business_members_role_id_fkey' },
  ])
  role?: Role;

  @Column('text', { default: () => "'invited'" })
  status: MemberStatus;

  @Column('timestamptz', { nullable: true })
  lastSignInAt: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
