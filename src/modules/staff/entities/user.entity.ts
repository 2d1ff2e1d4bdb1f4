import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A person (docs/api.md 19): one user across every business it is a member of. Not a tenant's row:
 * its email is unique in the whole service, compared case-insensitively.
 */
@Entity('users')
@Index('users_email_uq', { synchronize: false })
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'users_pkey' })
  id: string;

  /** as the person typed it; unique by lower(email) (users_email_uq, written in the migration) */
  @Column('text')
  email: string;

  @Column('text')
  name: string;

  /** Argon2id PHC string; null until an invitation is accepted */
  @Column('text', { nullable: true, select: false })
  passwordHash: string | null;

  /**
   * The TOTP secret (base32), set by POST /auth/two-factor/setup; in effect once `twoFactorEnabledAt`
   * is set. Not encrypted at rest (docs/security.md, "Sessions"); never returned after setup.
   */
  @Column('text', { nullable: true, select: false })
  twoFactorSecret: string | null;

  /** when two-factor was enabled; null: off */
  @Column('timestamptz', { nullable: true })
  twoFactorEnabledAt: Date | null;

  /** the last TOTP time step accepted: a code of that step or an earlier one is never accepted again */
  @Column('bigint', { nullable: true, select: false })
  twoFactorLastStep: string | null;

  /** SHA-256 of each recovery code not used yet (hex); a used one is removed */
  @Column('text', { array: true, nullable: true, select: false })
  twoFactorRecoveryHashes: string[] | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
