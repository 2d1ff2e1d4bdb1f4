import { ApiProperty } from '@nestjs/swagger';
import { BusinessMember, MEMBER_STATUSES } from './entities/business-member.entity';
import { roleOfMember } from './member-roles';

/** A member of the business as GET /staff shows it (docs/api.md 19). */
export class StaffMemberJson {
  @ApiProperty({ format: 'uuid', description: "the membership's id (the path's :id)" }) id: string;
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty({ example: 'sam@shop.example' }) email: string;
  @ApiProperty({ example: 'Sam Carter' }) name: string;
  @ApiProperty({ example: 'cashier', description: "a built-in role's name, or the id of the business's own role (what POST and PATCH take)" }) role: string;
  @ApiProperty({ example: 'cashier', description: "the role's name" }) role_name: string;
  @ApiProperty({ enum: MEMBER_STATUSES }) status: string;
  @ApiProperty({ description: 'whether the user signs in with a second factor' }) two_factor: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_sign_in_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** `member` with its user and (for an own role) its role loaded. */
export function toStaffMemberJson(member: BusinessMember, twoFactor: boolean): StaffMemberJson {
  const role = roleOfMember(member, member.role);
  return {
    id: member.id,
    user_id: member.userId,
    email: member.user!.email,
    name: member.user!.name,
    role: role.ref,
    role_name: role.name,
    status: member.status,
    two_factor: twoFactor,
    last_sign_in_at: member.lastSignInAt?.toISOString() ?? null,
    created_at: member.createdAt.toISOString(),
  };
}
