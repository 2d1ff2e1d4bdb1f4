import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from './user.entity';

export const STAFF_TOKEN_KINDS = ['invite', 'reset'] as const;
export type StaffTokenKind = (typeof STAFF_TOKEN_KINDS)[number];

/**
 * A single-use token of an invitation (a membership's, 72 h) or a password reset (a user's, 1 h),
 * docs/api.md 19. Only its SHA-256 is stored. A mailed token's value is drawn when its mail is
 * composed by the mail dispatcher (the outbox row names the token, never its value), so no table
 * ever holds a usable token; until then `token_hash` is null and nothing matches it.
 */
@Entity('staff_tokens')
@Check('staff_tokens_kind', "kind IN ('invite', 'reset')")
@Check('staff_tokens_invite_member', "(kind = 'invite') = (member_id IS NOT NULL)")
@Index('staff_tokens_hash_uq', ['tokenHash'], { unique: true, where: 'token_hash IS NOT NULL' })
@Index('staff_tokens_user_idx', ['userId'])
@Index('staff_tokens_member_idx', ['memberId'])
export class StaffToken {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'staff_tokens_pkey' })
  id: string;

  @Column('text')
  kind: StaffTokenKind;

  @Column('uuid')
  userId: string;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'staff_tokens_user_id_fkey' })
  user?: User;

  /**
   * the invited membership (invitations only); removing it removes its tokens (StaffService.remove: no
   * foreign key, as this is a reference table on Citus and business_members a distributed one)
   */
  @Column('uuid', { nullable: true })
  memberId: string | null;

  /** SHA-256 of the token; null until a value is drawn (by the mail that carries it, or the CLI) */
  @Column('bytea', { nullable: true, select: false })
  tokenHash: Buffer | null;

  @Column('timestamptz')
  expiresAt: Date;

  /** when it was used, or superseded by a newer token of the same membership or user */
  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
