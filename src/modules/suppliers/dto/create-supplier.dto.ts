import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { OptionalNullable, Trim } from '../../../common/validation/decorators';
import { IsEmailAddress } from '../../../common/validation/email-address';
import { IsNotes, IsPhone } from '../../customers/dto/customer-fields';
import { MaxChars } from '../../../common/validation/text-length';

/** POST /suppliers (docs/api.md 13). */
export class CreateSupplierDto {
  /** Unique within the business, case-insensitively. */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(200)
  @ApiProperty({ example: 'Roastery Ltd', maxLength: 200 })
  name: string;

  @OptionalNullable()
  @IsEmailAddress()
  email?: string | null;

  @OptionalNullable()
  @IsPhone()
  phone?: string | null;

  @OptionalNullable()
  @IsNotes()
  notes?: string | null;
}
