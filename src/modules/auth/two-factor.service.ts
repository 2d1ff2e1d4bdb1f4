import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { BusinessContext, RequestSession } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { runStatement } from '../../database/run-statement';
import { UnitOfWork } from '../../database/unit-of-work';
import { User } from '../staff/entities/user.entity';
import { PasswordChecks } from './password-checks';
import { RecoveryCodesJson, TwoFactorSetupJson } from './auth.json';
import { AttemptSubject, AuthThrottle } from './auth-throttle';
import { takeRecoveryCode, takeTotpStep } from './persistence/two-factor.sql';
import { hashRecoveryCode, isTotpCode, newRecoveryCodes, newTotpSecret, otpauthUri, totpStep } from './two-factor';
import { activityOf } from '../../common/activity/activity-of';

/** What checking a code needs of its user. */
type CodeUser = Pick<User, 'id' | 'twoFactorSecret' | 'twoFactorLastStep'>;

/**
 * docs/api.md 19's two-factor: setup (a secret, not in effect yet), enable (a code proves the app has
 * it; ten recovery codes back), disable (password and code). A TOTP code is accepted once (the last
 * used time step is kept per user and only a later one passes, atomically); a recovery code once
 * (removed as it is used). Every check is throttled like a password ('two-factor').
 */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly passwords: PasswordChecks,
    private readonly throttle: AuthThrottle,
    private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  async setup(session: RequestSession): Promise<TwoFactorSetupJson> {
    const user = await this.users.findOneByOrFail({ id: session.userId });
    if (user.twoFactorEnabledAt !== null) throw new DomainError('TWO_FACTOR_ALREADY_ENABLED');
    const secret = newTotpSecret();
    await this.uow.run((tx) => tx.getRepository(User).update({ id: user.id }, { twoFactorSecret: secret, twoFactorLastStep: null }));
    return { secret, otpauth_uri: otpauthUri(user.email, secret) };
  }

  async enable(session: RequestSession, biz: BusinessContext, code: string, address: string): Promise<RecoveryCodesJson> {
    const user = await this.withSecrets(session.userId);
    if (user.twoFactorEnabledAt !== null) throw new DomainError('TWO_FACTOR_ALREADY_ENABLED');
    if (!user.twoFactorSecret) throw new DomainError('TWO_FACTOR_NOT_SET_UP');
    const attempt = await this.throttle.check('two-factor', { email: user.email, address });
    const step = isTotpCode(code) ? await totpStep(user.twoFactorSecret, code, null) : undefined;
    if (step === undefined) throw new DomainError('INVALID_TWO_FACTOR_CODE');
    await attempt.succeeded();
    const codes = newRecoveryCodes();
    await this.uow.run(async (tx) => {
      const result = await tx
        .getRepository(User)
        .update(
          { id: user.id, twoFactorEnabledAt: IsNull() },
          { twoFactorEnabledAt: () => 'now()', twoFactorLastStep: String(step), twoFactorRecoveryHashes: codes.map(hashRecoveryCode) },
        );
      if (!result.affected) throw new DomainError('TWO_FACTOR_ALREADY_ENABLED');
      tx.recordActivity(activityOf(biz, 'auth.two_factor_enabled', { type: 'user', id: user.id, label: user.email }, null));
    });
    return { recovery_codes: codes };
  }

  async disable(session: RequestSession, biz: BusinessContext, password: string, code: string, address: string): Promise<void> {
    const user = await this.withSecrets(session.userId);
    if (user.twoFactorEnabledAt === null) throw new DomainError('TWO_FACTOR_NOT_SET_UP', 'Two-factor authentication is not enabled');
    const subject = { email: user.email, address };
    const attempt = await this.throttle.check('sign-in', subject);
    if (!(await this.passwords.verify(user.passwordHash, password))) throw new DomainError('INCORRECT_PASSWORD');
    await attempt.succeeded();
    await this.verifyOrThrow(user, code, subject);
    await this.uow.run(async (tx) => {
      await tx
        .getRepository(User)
        .update({ id: user.id }, { twoFactorEnabledAt: null, twoFactorSecret: null, twoFactorLastStep: null, twoFactorRecoveryHashes: null });
      tx.recordActivity(activityOf(biz, 'auth.two_factor_disabled', { type: 'user', id: user.id, label: user.email }, null));
    });
  }

  /**
   * A TOTP code or a recovery code of a user with two-factor on, used up if right; else 400
   * INVALID_TWO_FACTOR_CODE (after `onFailure`). Throttled: 429 past the failures allowed.
   */
  async verifyOrThrow(user: CodeUser, code: string, subject: AttemptSubject, onFailure?: () => void): Promise<void> {
    const attempt = await this.throttle.check('two-factor', subject);
    if (await this.useCode(user, code)) return attempt.succeeded();
    onFailure?.();
    throw new DomainError('INVALID_TWO_FACTOR_CODE');
  }

  private async useCode(user: CodeUser, code: string): Promise<boolean> {
    if (!isTotpCode(code)) return (await runStatement(this.dataSource, takeRecoveryCode, [user.id, hashRecoveryCode(code)])).length === 1;
    if (!user.twoFactorSecret) return false;
    const step = await totpStep(user.twoFactorSecret, code, user.twoFactorLastStep === null ? null : Number(user.twoFactorLastStep));
    return step !== undefined && (await runStatement(this.dataSource, takeTotpStep, [user.id, String(step)])).length === 1;
  }

  private withSecrets(userId: string): Promise<User> {
    return this.users
      .createQueryBuilder('u')
      .addSelect(['u.passwordHash', 'u.twoFactorSecret', 'u.twoFactorLastStep'])
      .where('u.id = :id', { id: userId })
      .getOneOrFail();
  }
}
