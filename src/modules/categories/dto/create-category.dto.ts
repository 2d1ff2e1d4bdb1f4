import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalNullable, Trim } from '../../../common/validation/decorators';

export class CreateCategoryDto {
  /** Unique within the business, case-insensitively. */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @ApiProperty({ example: 'Coffee', maxLength: 100 })
  name: string;

  @OptionalNullable()
  @IsString()
  @MaxLength(2000)
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  description?: string | null;
}
