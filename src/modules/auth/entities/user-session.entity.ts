import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';
import { User } from '../../staff/entities/user.entity';

/**
 * A signed-in user's session (docs/api.md 19). The cookie's token is never stored: only its SHA-256
 * (the token is 32 random bytes, so a plain hash is as strong as a slow one and lets every request
 * find its row by one index probe). It ends `SESSION_IDLE_MINUTES` after `last_seen_at` or at
 * `expires_at` (`SESSION_MAX_HOURS` after sign-in), whichever comes first; ending it is deleting it.
 */
@Entity('user_sessions')
@Index('user_sessions_token_hash_uq', ['tokenHash'], { unique: true })
@Index('user_sessions_user_idx', ['userId', 'businessId'])
export class UserSession {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'user_sessions_pkey' })
  id: string;

  /** SHA-256 of the cookie's token, hex */
  @Column('text')
  tokenHash: string;

  /** sent back in X-CSRF-Token by every cookie-authenticated request but GET/HEAD */
  @Column('text')
  csrfToken: string;

  @Column('uuid')
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_sessions_user_id_fkey' })
  user?: User;

  /** the business the session acts in now (POST /auth/session/business switches it) */
  @Column('uuid')
  businessId: string;

  @ManyToOne(() => Business, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'user_sessions_business_id_fkey' })
  business?: Business;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  /** the last request, written at most about once a minute (the idle expiry counts from it) */
  @Column('timestamptz', { default: () => 'now()' })
  lastSeenAt: Date;

  /** the absolute end: sign-in + SESSION_MAX_HOURS */
  @Column('timestamptz')
  expiresAt: Date;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('text', { nullable: true })
  userAgent: string | null;
}
