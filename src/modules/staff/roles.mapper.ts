import { ApiProperty } from '@nestjs/swagger';
import { SCOPES } from '../../common/auth/scopes';
import { BUILT_IN_ROLES, BuiltInRoleName } from './built-in-roles';
import { Role } from './entities/role.entity';

/** A role as GET /roles shows it: a built-in one (`id` null, named by `name`) or the business's own. */
export class RoleJson {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "the business's own role's id; null for a built-in role (named by `name`)" })
  id: string | null;
  @ApiProperty({ example: 'cashier' }) name: string;
  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales', 'orders:read', 'customers'] }) scopes: string[];
  @ApiProperty() built_in: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null for a built-in role' }) created_at: string | null;
}

export function toBuiltInRoleJson(name: BuiltInRoleName): RoleJson {
  return { id: null, name, scopes: [...BUILT_IN_ROLES[name]], built_in: true, created_at: null };
}

export function toRoleJson(role: Role): RoleJson {
  return { id: role.id, name: role.name, scopes: role.scopes, built_in: false, created_at: role.createdAt.toISOString() };
}
