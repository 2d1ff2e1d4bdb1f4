import { createHash, randomBytes } from 'crypto';
import { DomainError } from '../../common/errors/domain-error';
import { Repositories } from '../businesses/business-provisioning';
import { StaffToken, StaffTokenKind } from './entities/staff-token.entity';

/** docs/api.md 19: how long a token is good for, from when it is issued. */
export const TOKEN_LIFETIME: Record<StaffTokenKind, string> = { invite: '72 hours', reset: '1 hour' };

/** 32 random bytes, base64url: the value a link carries. */
export function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export function hashTokenValue(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * A new token of a membership's invitation or a user's reset, without a value yet; any earlier unused
 * one of the same membership (or the user's earlier reset) is superseded: only the newest link works.
 */
export async function issueToken(db: Repositories, kind: StaffTokenKind, userId: string, memberId: string | null): Promise<string> {
  const repo = db.getRepository(StaffToken);
  await repo
    .createQueryBuilder()
    .update()
    .set({ usedAt: () => 'now()' })
    .where(kind === 'invite' ? 'member_id = :memberId' : "user_id = :userId AND kind = 'reset'", { memberId, userId })
    .andWhere('used_at IS NULL')
    .execute();
  const inserted = await repo.insert({ kind, userId, memberId, expiresAt: () => `now() + interval '${TOKEN_LIFETIME[kind]}'` });
  return inserted.identifiers[0].id as string;
}

/**
 * Draws the token's value and stores its hash (replacing an earlier attempt's): the mail about to be
 * sent carries the only usable value. Null when the token is used, superseded, expired or gone.
 */
export async function drawTokenValue(db: Repositories, tokenId: string): Promise<string | null> {
  const value = newTokenValue();
  const result = await db
    .getRepository(StaffToken)
    .createQueryBuilder()
    .update()
    .set({ tokenHash: hashTokenValue(value) })
    .where('id = :tokenId AND used_at IS NULL AND expires_at > now()', { tokenId })
    .returning('id')
    .execute();
  return (result.raw as unknown[]).length > 0 ? value : null;
}

/**
 * The unused, unexpired token of `kind` with this value, locked and marked used in the caller's
 * transaction (a rollback keeps it usable); anything else is 400 INVALID_TOKEN, the same for an
 * unknown, used or expired one.
 */
export async function consumeToken(db: Repositories, kind: StaffTokenKind, value: string): Promise<StaffToken> {
  const repo = db.getRepository(StaffToken);
  const token = await repo
    .createQueryBuilder('t')
    .where('t.tokenHash = :hash AND t.kind = :kind AND t.usedAt IS NULL AND t.expiresAt > now()', { hash: hashTokenValue(value), kind })
    .setLock('pessimistic_write')
    .getOne();
  if (!token) throw new DomainError('INVALID_TOKEN');
  await repo.update({ id: token.id }, { usedAt: () => 'now()' });
  return token;
}
