import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString } from 'class-validator';
import { OptionalNotNull } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';
import { ROLE_FIELD_DESCRIPTION } from './invite-member.dto';

export const SETTABLE_STATUSES = ['active', 'disabled'] as const;

/** PATCH /staff/:id: a new role, and enabling or disabling the membership. */
export class UpdateMemberDto {
  @OptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxChars(60)
  @ApiPropertyOptional({ example: 'manager', description: ROLE_FIELD_DESCRIPTION })
  role?: string;

  @OptionalNotNull()
  @IsIn(SETTABLE_STATUSES)
  @ApiPropertyOptional({ enum: SETTABLE_STATUSES, description: '`active` re-enables a disabled member (an invited one becomes active by accepting only)' })
  status?: (typeof SETTABLE_STATUSES)[number];
}
