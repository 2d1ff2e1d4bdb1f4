import { currentTraceparent } from '../../common/tracing/trace-context';
import { Tx } from '../../database/transaction';
import { queueStaffEmail, USER_MAIL_BUSINESS } from '../documents/persistence/mail-outbox.sql';
import { issueToken } from './staff-tokens';

/**
 * A new invitation of the membership (any earlier one superseded) and its mail queued in the outbox,
 * in the caller's transaction: the mail goes out after commit, carrying the token drawn as it is composed.
 */
export async function queueInvitation(tx: Tx, businessId: string, memberId: string, userId: string, email: string, attemptLimit: number): Promise<void> {
  const tokenId = await issueToken(tx, 'invite', userId, memberId);
  await tx.run(queueStaffEmail, [businessId, 'staff_invite', tokenId, email, attemptLimit, currentTraceparent()]);
}

/** A new password reset of the user (an earlier one superseded) and its mail, in the caller's transaction. */
export async function queuePasswordReset(tx: Tx, userId: string, email: string, attemptLimit: number): Promise<void> {
  const tokenId = await issueToken(tx, 'reset', userId, null);
  await tx.run(queueStaffEmail, [USER_MAIL_BUSINESS, 'password_reset', tokenId, email, attemptLimit, currentTraceparent()]);
}
