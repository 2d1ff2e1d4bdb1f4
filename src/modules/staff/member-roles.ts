import { BUILT_IN_ROLES, isBuiltInRole } from './built-in-roles';
import { BusinessMember } from './entities/business-member.entity';
import { Role } from './entities/role.entity';

/** A member's role as the API names it: a built-in role's name, or the business's own role's id (what POST and PATCH /staff take). */
export interface RoleOfMember {
  ref: string;
  name: string;
  scopes: string[];
}

export function roleOfMember(member: Pick<BusinessMember, 'builtInRole' | 'roleId'>, ownRole?: Pick<Role, 'id' | 'name' | 'scopes'> | null): RoleOfMember {
  if (member.builtInRole && isBuiltInRole(member.builtInRole)) {
    return { ref: member.builtInRole, name: member.builtInRole, scopes: [...BUILT_IN_ROLES[member.builtInRole]] };
  }
  return { ref: member.roleId ?? '', name: ownRole?.name ?? '', scopes: ownRole?.scopes ?? [] };
}

/** Whether the membership counts as an owner for LAST_OWNER: active, with the built-in `owner` role. */
export function isActiveOwner(member: Pick<BusinessMember, 'builtInRole' | 'status'>): boolean {
  return member.builtInRole === 'owner' && member.status === 'active';
}
