import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Request, Response } from 'express';
import { MoreThan, Repository } from 'typeorm';
import { BusinessContext, RequestSession } from '../../common/auth/business-context';
import { SESSION_COOKIE } from '../../common/auth/session-lookup';
import { DomainError } from '../../common/errors/domain-error';
import { countSignIn } from '../../common/metrics/service-metrics';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { BusinessMember } from '../staff/entities/business-member.entity';
import { User } from '../staff/entities/user.entity';
import { PasswordChecks } from './password-checks';
import { SessionJson, SessionListItemJson } from './auth.json';
import { activeMemberships, sessionListItemJson, staffActor } from './auth.mapper';
import { AuthThrottle } from './auth-throttle';
import { clientAddress } from '../../common/http/client';
import { SignInDto } from './dto/sign-in.dto';
import { UserSession } from './entities/user-session.entity';
import { SessionIssuer } from './session-issuer';
import { TwoFactorService } from './two-factor.service';
import { activityOf } from '../../common/activity/activity-of';
import { originOf, RequestOrigin } from '../../common/activity/request-context';

/** docs/api.md 19: sign-in, the session, switching business, the user's sessions, sign-out. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  private readonly idleMs: number;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly passwords: PasswordChecks,
    private readonly throttle: AuthThrottle,
    private readonly issuer: SessionIssuer,
    private readonly twoFactor: TwoFactorService,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserSession) private readonly sessions: Repository<UserSession>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.idleMs = config.sessionIdleMinutes * 60_000;
  }

  /**
   * A wrong email and a wrong password take the same path: one user lookup, one Argon2id verification
   * (a decoy hash when there is no user), the same 401; the activity entries of a known user's failure
   * are written after the answer, so they cost it no time. Throttled before anything is verified.
   */
  async signIn(req: Request, res: Response, dto: SignInDto): Promise<SessionJson> {
    const subject = { email: dto.email, address: clientAddress(req) };
    const attempt = await this.throttle.check('sign-in', subject);
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect(['u.passwordHash', 'u.twoFactorSecret', 'u.twoFactorLastStep'])
      .where('lower(u.email) = lower(:email)', { email: dto.email.trim() })
      .getOne();
    if (!(await this.passwords.verify(user?.passwordHash, dto.password)) || !user) {
      this.refused(user, 'password', originOf(req));
      throw new DomainError('INVALID_CREDENTIALS');
    }
    await attempt.succeeded();
    if (user.twoFactorEnabledAt !== null) {
      if (dto.code === undefined) throw new DomainError('TWO_FACTOR_REQUIRED');
      await this.twoFactor.verifyOrThrow(user, dto.code, subject, () => this.refused(user, 'two_factor', originOf(req)));
    }
    const [first] = await activeMemberships(this.users.manager, user.id);
    if (!first) throw new DomainError('NO_ACTIVE_MEMBERSHIP');
    return this.uow.run((tx) => this.issuer.start(tx, req, res, user, first.member));
  }

  /** A refused sign-in: counted, and entered in the activity log of each business the user is a member of (after the answer). */
  private refused(user: User | null, reason: 'password' | 'two_factor', origin: RequestOrigin): void {
    countSignIn('refused');
    if (!user) return;
    setImmediate(() => {
      this.uow
        .run(async (tx) => {
          const members = await tx.getRepository(BusinessMember).findBy({ userId: user.id });
          for (const member of members)
            tx.recordActivity({
              businessId: member.businessId,
              actor: staffActor(member, user),
              action: 'auth.sign_in_failed',
              resource: { type: 'user', id: user.id, label: user.email },
              changes: { reason: [null, reason] },
              origin,
            });
        })
        .catch((err: unknown) => this.logger.error({ msg: 'failed sign-in not recorded', err }));
    });
  }

  async current(session: RequestSession, biz: BusinessContext): Promise<SessionJson> {
    const user = await this.users.findOneByOrFail({ id: session.userId });
    return this.issuer.sessionBody(this.users.manager, user, biz.id, session.csrfToken);
  }

  /** Moves the session to another business the user is an active member of (404 otherwise, as for a business that does not exist). */
  async switchBusiness(session: RequestSession, businessId: string): Promise<SessionJson> {
    const user = await this.users.findOneByOrFail({ id: session.userId });
    const memberships = await activeMemberships(this.users.manager, user.id);
    if (!memberships.some((m) => m.business_id === businessId)) throw DomainError.notFound('Business');
    await this.uow.run((tx) => tx.getRepository(UserSession).update({ id: session.id }, { businessId }));
    return this.issuer.sessionBody(this.users.manager, user, businessId, session.csrfToken);
  }

  /** The user's live sessions, newest first. */
  async list(session: RequestSession): Promise<SessionListItemJson[]> {
    const now = Date.now();
    const rows = await this.sessions.find({
      where: { userId: session.userId, expiresAt: MoreThan(new Date(now)), lastSeenAt: MoreThan(new Date(now - this.idleMs)) },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return rows.map((s) => sessionListItemJson(s, session.id));
  }

  /** Ends one of the user's own sessions (another user's id is 404 like an unknown one). */
  async revoke(session: RequestSession, biz: BusinessContext, id: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const result = await tx.getRepository(UserSession).delete({ id, userId: session.userId });
      if (!result.affected) throw DomainError.notFound('Session');
      tx.recordActivity(activityOf(biz, 'auth.session_revoked', { type: 'session', id, label: null }, null));
    });
  }

  async signOut(session: RequestSession, biz: BusinessContext, res: Response): Promise<void> {
    await this.uow.run(async (tx) => {
      await tx.getRepository(UserSession).delete({ id: session.id });
      tx.recordActivity(activityOf(biz, 'auth.sign_out', { type: 'session', id: session.id, label: null }, null));
    });
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/' });
  }
}
