import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { Trim } from '../../../common/validation/decorators';
import { IsEmailAddress } from '../../../common/validation/email-address';
import { MaxChars } from '../../../common/validation/text-length';

export const MAX_PERSON_NAME_LENGTH = 100;
export const ROLE_FIELD_DESCRIPTION = "a built-in role's name (owner, manager, cashier, clerk, accountant) or the id of one of the business's own roles";

/** POST /staff (docs/api.md 19): invites a person by email; one user per email in the whole service. */
export class InviteMemberDto {
  @IsEmailAddress()
  @ApiProperty({ example: 'sam@shop.example' })
  email: string;

  /** the person's name; kept as it is when the email is already a user's */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_PERSON_NAME_LENGTH)
  @ApiProperty({ example: 'Sam Carter', maxLength: MAX_PERSON_NAME_LENGTH })
  name: string;

  @IsString()
  @IsNotEmpty()
  @MaxChars(60)
  @ApiProperty({ example: 'cashier', description: ROLE_FIELD_DESCRIPTION })
  role: string;
}
