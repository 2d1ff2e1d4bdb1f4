import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsIn, IsNotEmpty, IsString } from 'class-validator';
import { Scope, SCOPES } from '../../../common/auth/scopes';
import { MaxItems, Trim } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

export const MAX_ROLE_NAME_LENGTH = 60;

/** POST /roles (docs/api.md 19): a business's own role, a named set of docs/api.md 18 scopes. */
export class CreateRoleDto {
  /** unique in the business, compared case-insensitively, and none of the built-in roles' names */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_ROLE_NAME_LENGTH)
  @ApiProperty({ example: 'Shift lead', maxLength: MAX_ROLE_NAME_LENGTH })
  name: string;

  @MaxItems(SCOPES.length, 'scopes')
  @ArrayNotEmpty({ message: 'scopes must name at least one scope' })
  @ArrayUnique({ message: 'scopes must not repeat a scope' })
  @IsIn(SCOPES, { each: true, message: `each value in scopes must be one of: ${SCOPES.join(', ')}` })
  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales', 'orders:read', 'orders:write'] })
  scopes: Scope[];
}
