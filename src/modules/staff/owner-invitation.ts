import { EntityManager } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { isEmailAddress } from '../../common/validation/email-address';
import { Tx } from '../../database/transaction';
import { BusinessMember } from './entities/business-member.entity';
import { drawTokenValue, issueToken } from './staff-tokens';
import { findOrCreateUser } from './users';
import { MAX_PERSON_NAME_LENGTH } from './dto/invite-member.dto';
import { lockStaffAccounts } from './persistence/staff-accounts-lock.sql';

export interface OwnerInvitation {
  owner: { member_id: string; user_id: string; email: string };
  /** the console's accept-invite link, valid 72 h: printed once, only its token's hash is kept */
  invitation_url: string;
}

/**
 * The first owner of a new business (`business:create --owner-email`), in the CLI's transaction: the
 * user (found by email, or made), an `invited` owner membership and an invitation link printed instead
 * of mailed, so a shop without SMTP gets its first person in.
 */
export async function inviteOwner(db: EntityManager, businessId: string, input: { email: string; name?: string }, publicUrl: string): Promise<OwnerInvitation> {
  const email = input.email.trim();
  if (!isEmailAddress(email)) throw DomainError.validation('owner_email', '--owner-email must be one email address');
  const name = (input.name ?? email.split('@')[0]).trim();
  if (!name || [...name].length > MAX_PERSON_NAME_LENGTH)
    throw DomainError.validation('owner_name', `--owner-name must be 1 to ${MAX_PERSON_NAME_LENGTH} characters`);
  const tx = new Tx(db);
  await lockStaffAccounts(tx);
  const user = await findOrCreateUser(tx, email, name);
  const inserted = await db.getRepository(BusinessMember).insert({ businessId, userId: user.id, builtInRole: 'owner', roleId: null, status: 'invited' });
  const memberId = inserted.identifiers[0].id as string;
  const token = await drawTokenValue(db, await issueToken(db, 'invite', user.id, memberId));
  return { owner: { member_id: memberId, user_id: user.id, email: user.email }, invitation_url: `${publicUrl}/console/accept-invite?token=${token!}` };
}
