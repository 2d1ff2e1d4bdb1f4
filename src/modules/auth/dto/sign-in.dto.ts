import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { IsUuid } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

/** A two-factor code: 6 digits, or a recovery code (`xxxxx-xxxxx`). */
const CODE_MAX_CHARS = 32;

/** POST /auth/sign-in (docs/api.md 19). The email is not validated as an address: any wrong one is 401 like a wrong password. */
export class SignInDto {
  @IsString()
  @IsNotEmpty()
  @MaxChars(320)
  @ApiProperty({ example: 'ann@example.com', maxLength: 320 })
  email: string;

  @IsString()
  @IsNotEmpty()
  @MaxChars(128)
  @ApiProperty({ example: 'correct horse battery staple', maxLength: 128 })
  password: string;

  /** required when the account has two-factor on: the authenticator's 6 digits, or a recovery code */
  @IsOptional()
  @IsString()
  @MaxChars(CODE_MAX_CHARS)
  @ApiPropertyOptional({ example: '123456', maxLength: CODE_MAX_CHARS })
  code?: string;
}

/** POST /auth/session/business. */
export class SwitchBusinessDto {
  @IsUuid()
  @ApiProperty({ format: 'uuid' })
  business_id: string;
}

/** POST /auth/two-factor/enable. */
export class TwoFactorCodeDto {
  @IsString()
  @IsNotEmpty()
  @MaxChars(CODE_MAX_CHARS)
  @ApiProperty({ example: '123456', maxLength: CODE_MAX_CHARS, description: "the authenticator's 6 digits" })
  code: string;
}

/** POST /auth/two-factor/disable: the password and a code (or a recovery code). */
export class DisableTwoFactorDto extends TwoFactorCodeDto {
  @IsString()
  @IsNotEmpty()
  @MaxChars(128)
  @ApiProperty({ example: 'correct horse battery staple', maxLength: 128 })
  password: string;
}
