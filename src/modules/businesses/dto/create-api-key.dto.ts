import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsIn, IsNotEmpty, IsString } from 'class-validator';
import { Scope, SCOPES } from '../../../common/auth/scopes';
import { MaxItems, Trim } from '../../../common/validation/decorators';
import { MAX_KEY_NAME_LENGTH } from '../api-key-rules';
import { MaxChars } from '../../../common/validation/text-length';

/** POST /api-keys (docs/api.md 18). */
export class CreateApiKeyDto {
  /** What the key is for: shown in the key list and in GET /business. */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(MAX_KEY_NAME_LENGTH)
  @ApiProperty({ example: 'Counter 1', maxLength: MAX_KEY_NAME_LENGTH })
  name: string;

  /** A non-empty list of distinct scopes; `admin` grants everything, key management included. */
  @MaxItems(SCOPES.length, 'scopes')
  @ArrayNotEmpty({ message: 'scopes must name at least one scope' })
  @ArrayUnique({ message: 'scopes must not repeat a scope' })
  @IsIn(SCOPES, { each: true, message: `each value in scopes must be one of: ${SCOPES.join(', ')}` })
  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales'] })
  scopes: Scope[];
}
