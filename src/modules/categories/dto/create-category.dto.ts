import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { OptionalNullable, Trim } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

export class CreateCategoryDto {
  /** Unique within the business, case-insensitively. */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxChars(100)
  @ApiProperty({ example: 'Coffee', maxLength: 100 })
  name: string;

  @OptionalNullable()
  @IsString()
  @MaxChars(2000)
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  description?: string | null;
}
