import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsString } from 'class-validator';
import { OptionalNotNull, OptionalNullable, Trim } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

export class CreateWarehouseDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(100)
  @ApiProperty({ example: 'Back store', maxLength: 100 })
  name: string;

  @OptionalNullable()
  @IsString()
  @MaxChars(500)
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  address?: string | null;

  /** true makes it the default warehouse in place of the current one. Default false. */
  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional({ default: false })
  is_default?: boolean;
}
