import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsIn, IsNotEmpty, IsString } from 'class-validator';
import { Scope, SCOPES } from '../../../common/auth/scopes';
import { MaxItems, OptionalNotNull, Trim } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';
import { MAX_ROLE_NAME_LENGTH } from './create-role.dto';

/** PUT /roles/:id: what is sent changes, the rest stays; neither may be null. */
export class UpdateRoleDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_ROLE_NAME_LENGTH)
  @ApiPropertyOptional({ example: 'Shift lead', maxLength: MAX_ROLE_NAME_LENGTH })
  name?: string;

  @OptionalNotNull()
  @MaxItems(SCOPES.length, 'scopes')
  @ArrayNotEmpty({ message: 'scopes must name at least one scope' })
  @ArrayUnique({ message: 'scopes must not repeat a scope' })
  @IsIn(SCOPES, { each: true, message: `each value in scopes must be one of: ${SCOPES.join(', ')}` })
  @ApiPropertyOptional({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales', 'orders:read'] })
  scopes?: Scope[];
}
