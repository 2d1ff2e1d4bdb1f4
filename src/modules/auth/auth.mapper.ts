import { EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { Actor } from '../../common/auth/business-context';
import { BusinessMember } from '../staff/entities/business-member.entity';
import { MembershipJson, SessionJson, SessionListItemJson } from './auth.json';
import { UserSession } from './entities/user-session.entity';
import { scopesOfMember } from './member-scopes';
import { User } from '../staff/entities/user.entity';

/** What a session needs of its user. */
export type SessionUser = Pick<User, 'id' | 'email' | 'name' | 'twoFactorEnabledAt'>;

/** A transaction or the data source: where reads come from. */
export interface Repositories {
  getRepository<E extends ObjectLiteral>(entity: EntityTarget<E>): Repository<E>;
}

/** The member as the activity log names it. */
export function staffActor(member: Pick<BusinessMember, 'id'>, user: Pick<SessionUser, 'name'>): Actor {
  return { type: 'staff', id: member.id, name: user.name };
}

/** The user's active memberships, oldest first (the first is where a sign-in starts). */
export async function activeMemberships(db: Repositories, userId: string): Promise<Array<MembershipJson & { member: BusinessMember }>> {
  const members = await db.getRepository(BusinessMember).find({
    where: { userId, status: 'active' },
    relations: { business: true, role: true },
    order: { createdAt: 'ASC', id: 'ASC' },
  });
  return members.map((m) => ({
    member: m,
    business_id: m.businessId,
    business_name: m.business!.name,
    role: m.builtInRole ?? m.role!.name,
    scopes: scopesOfMember(m.builtInRole, m.role?.scopes ?? null),
  }));
}

export function sessionJson(
  user: SessionUser,
  memberships: Array<MembershipJson & { member?: BusinessMember }>,
  businessId: string,
  csrfToken: string,
): SessionJson {
  const current = memberships.find((m) => m.business_id === businessId);
  return {
    user: { id: user.id, email: user.email, name: user.name, two_factor: user.twoFactorEnabledAt !== null },
    memberships: memberships.map(({ business_id, business_name, role, scopes }) => ({ business_id, business_name, role, scopes })),
    business_id: businessId,
    role: current?.role ?? '',
    scopes: current?.scopes ?? [],
    csrf_token: csrfToken,
  };
}

export function sessionListItemJson(s: UserSession, currentId: string): SessionListItemJson {
  return {
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === currentId,
  };
}
