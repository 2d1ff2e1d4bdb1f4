import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { OptionalNotNull, Trim } from '../../../common/validation/decorators';
import { IsEmailAddress } from '../../../common/validation/email-address';
import { MaxChars } from '../../../common/validation/text-length';
import { MAX_PERSON_NAME_LENGTH } from './invite-member.dto';

/** A token as links carry it (43 base64url characters); anything longer is no token of ours. */
const MAX_TOKEN_CHARS = 200;
/** Longer than any password passwordProblem accepts (128), so a long one gets WEAK_PASSWORD's reason, not a bare 400. */
const MAX_PASSWORD_FIELD_CHARS = 1024;

class WithToken {
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_TOKEN_CHARS)
  @ApiProperty({ description: "the link's `token`" })
  token: string;
}

/** POST /auth/accept-invite (docs/api.md 19). */
export class AcceptInviteDto extends WithToken {
  /** a new user's name as they want it (default: the name the invitation gave) */
  @OptionalNotNull()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_PERSON_NAME_LENGTH)
  @ApiPropertyOptional({ maxLength: MAX_PERSON_NAME_LENGTH })
  name?: string;

  /** a new user's password (10 to 128 characters, not a common one); a user who has one already signs in with it */
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_PASSWORD_FIELD_CHARS)
  @ApiProperty({ format: 'password' })
  password: string;
}

/** POST /auth/forgot-password. */
export class ForgotPasswordDto {
  @IsEmailAddress()
  @ApiProperty({ example: 'sam@shop.example' })
  email: string;
}

/** POST /auth/reset-password. */
export class ResetPasswordDto extends WithToken {
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_PASSWORD_FIELD_CHARS)
  @ApiProperty({ format: 'password' })
  password: string;
}
