import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { Actor } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { idempotentRequests } from '../../common/idempotency/idempotent-request';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuthThrottle } from '../auth/auth-throttle';
import { SessionJson } from '../auth/auth.json';
import { originOf } from '../../common/activity/request-context';
import { clientAddress } from '../../common/http/client';
import { endSessions } from '../auth/end-sessions';
import { SessionIssuer } from '../auth/session-issuer';
import { MailDispatcher } from '../documents/mail/mail-dispatcher';
import { AcceptInviteDto, ForgotPasswordDto, ResetPasswordDto } from './dto/account.dto';
import { BusinessMember } from './entities/business-member.entity';
import { StaffToken } from './entities/staff-token.entity';
import { User } from './entities/user.entity';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { queuePasswordReset } from './staff-invitations';
import { consumeToken, hashTokenValue } from './staff-tokens';
import { findUserByEmail } from './users';
import { lockStaffAccounts } from './persistence/staff-accounts-lock.sql';

/** A reset mail at most this often per user: forgot-password cannot be turned into a mail flood. */
const RESET_MAIL_INTERVAL = '1 minute';

/**
 * What a person does with a link (docs/api.md 19): accept an invitation (and be signed in), ask for
 * a password reset, reset the password. Tokens are single use (consumed in the transaction that acts
 * on them) and guesses are throttled per client address (AuthThrottle, kind `token`).
 */
@Injectable()
export class AccountService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Account');
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttle: AuthThrottle,
    private readonly sessions: SessionIssuer,
    private readonly mail: MailDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  /** Once every forgot-password lookup under way is done (shutdown waits for them; so can a test). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.background]);
  }

  /**
   * Consumes the invitation, activates the membership and signs the person in: a new user chooses a
   * password (400 WEAK_PASSWORD), a user who has one already gives it (401 INVALID_CREDENTIALS).
   */
  async acceptInvite(req: Request, res: Response, dto: AcceptInviteDto): Promise<SessionJson> {
    const attempt = await this.throttle.check('token', { address: clientAddress(req) });
    // read first, in a transaction of its own: see invitedBusiness
    const businessId = await this.uow.run((tx) => invitedBusiness(tx, dto.token));
    const body = await this.uow.run(async (tx) => {
      await lockStaffAccounts(tx);
      const token = await consumeToken(tx, 'invite', dto.token);
      const member = businessId && token.memberId ? await lockMember(tx, businessId, token.memberId) : null;
      if (!member || member.status !== 'invited') throw new DomainError('INVALID_TOKEN');
      const user = await userWithPassword(tx, token.userId);
      if (user.passwordHash) {
        if (!(await verifyPassword(user.passwordHash, dto.password))) throw new DomainError('INVALID_CREDENTIALS');
      } else {
        await this.setPassword(tx, user, dto.password, dto.name);
      }
      await tx.getRepository(BusinessMember).update({ businessId: member.businessId, id: member.id }, { status: 'active', updatedAt: () => 'now()' });
      member.status = 'active';
      tx.recordActivity({
        businessId: member.businessId,
        actor: memberActor(member, user),
        action: 'auth.invite_accepted',
        resource: { type: 'staff', id: member.id, label: user.email },
        changes: { status: ['invited', 'active'] },
        origin: originOf(req),
      });
      return this.sessions.start(tx, req, res, user, member);
    });
    await attempt.succeeded();
    return body;
  }

  /**
   * Always 202 at once, whether or not the email is a user's: the lookup and the mail happen after the
   * answer, so neither the answer nor its time tells. A user gets at most one reset mail a minute.
   */
  forgotPassword(dto: ForgotPasswordDto): void {
    const work = idempotentRequests
      .exit(() => this.queueReset(dto.email))
      .catch((err: Error) => this.logger.error({ msg: 'queueing a password reset failed', error: err?.message ?? String(err) }))
      .finally(() => this.background.delete(work));
    this.background.add(work);
  }

  /** Consumes the reset token, sets the new password and ends every session of the user. */
  async resetPassword(req: Request, dto: ResetPasswordDto): Promise<void> {
    const attempt = await this.throttle.check('token', { address: clientAddress(req) });
    await this.uow.run(async (tx) => {
      await lockStaffAccounts(tx);
      const token = await consumeToken(tx, 'reset', dto.token);
      const user = await userWithPassword(tx, token.userId);
      await this.setPassword(tx, user, dto.password);
      await tx
        .getRepository(StaffToken)
        .createQueryBuilder()
        .update()
        .set({ usedAt: () => 'now()' })
        .where("user_id = :userId AND kind = 'reset' AND used_at IS NULL", { userId: user.id })
        .execute();
      await endSessions(tx, user.id);
      const memberships = await tx.getRepository(BusinessMember).findBy({ userId: user.id });
      for (const member of memberships) {
        tx.recordActivity({
          businessId: member.businessId,
          actor: memberActor(member, user),
          action: 'auth.password_reset',
          resource: { type: 'user', id: user.id, label: user.email },
          changes: null,
          origin: originOf(req),
        });
      }
    });
    await attempt.succeeded();
  }

  private async queueReset(email: string): Promise<void> {
    const queued = await this.uow.run(async (tx) => {
      // first: two requests at once would otherwise both find no recent reset and mail twice
      await lockStaffAccounts(tx);
      const user = await findUserByEmail(tx, email);
      if (!user) return false;
      const recent = await tx
        .getRepository(StaffToken)
        .createQueryBuilder('t')
        .where(`t.userId = :userId AND t.kind = 'reset' AND t.createdAt > now() - interval '${RESET_MAIL_INTERVAL}'`, { userId: user.id })
        .getExists();
      if (recent) return false;
      await queuePasswordReset(tx, user.id, user.email, this.config.mailMaxAttempts);
      return true;
    });
    if (queued) this.mail.wake();
  }

  private async setPassword(tx: Tx, user: User, password: string, name?: string): Promise<void> {
    const problem = passwordProblem(password, user.email);
    if (problem) throw new DomainError('WEAK_PASSWORD', `The password ${problem}`, [{ field: 'password', message: `password ${problem}` }]);
    const passwordHash = await hashPassword(password);
    await tx.getRepository(User).update({ id: user.id }, { passwordHash, ...(name ? { name } : {}), updatedAt: () => 'now()' });
    if (name) user.name = name;
  }
}

function userWithPassword(tx: Tx, id: string): Promise<User> {
  return tx.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOneOrFail();
}

function memberActor(member: BusinessMember, user: User): Actor {
  return { type: 'staff', id: member.id, name: user.name };
}

/**
 * The business of the member an invitation names, or null. Citus locks a member's row only on its
 * business's shard, which the token (a reference table) does not name; and, once a transaction has
 * read several shards at once, it may not write a reference table (the user's password, the session):
 * so this multi-shard read runs in a transaction of its own, before the one that consumes the token.
 */
async function invitedBusiness(tx: Tx, tokenValue: string): Promise<string | null> {
  const token = await tx.getRepository(StaffToken).findOneBy({ tokenHash: hashTokenValue(tokenValue), kind: 'invite' });
  if (!token?.memberId) return null;
  const member = await tx.getRepository(BusinessMember).findOne({ select: { businessId: true }, where: { id: token.memberId } });
  return member?.businessId ?? null;
}

/** Member `memberId` of business `businessId`, locked, or null. */
function lockMember(tx: Tx, businessId: string, memberId: string): Promise<BusinessMember | null> {
  return tx.getRepository(BusinessMember).findOne({ where: { businessId, id: memberId }, lock: { mode: 'pessimistic_write' } });
}
