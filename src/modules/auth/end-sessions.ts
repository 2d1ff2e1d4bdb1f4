import { Tx } from '../../database/transaction';
import { UserSession } from './entities/user-session.entity';

/**
 * Ends a user's sessions (docs/api.md 19: a password change or reset, a role change, disabling or
 * removing a member), in the caller's transaction: those of `businessId` only when given (a
 * membership's change), else all of them. Every request looks its session up in the database (no
 * cache: docs/security.md, "Sessions"), so once the transaction commits every process refuses them.
 */
export async function endSessions(tx: Tx, userId: string, businessId?: string): Promise<void> {
  await tx.getRepository(UserSession).delete(businessId === undefined ? { userId } : { userId, businessId });
}
