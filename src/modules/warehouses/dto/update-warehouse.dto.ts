import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';

export class UpdateWarehouseDto {
  @ValidateIf((_o, value) => value !== undefined)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @ApiPropertyOptional({ example: 'Back store', maxLength: 100 })
  name?: string;

  /** null clears it. */
  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(500)
  @ApiPropertyOptional({ nullable: true, maxLength: 500 })
  address?: string | null;

  /**
   * true makes this the default warehouse (the previous default stops being one). false is only
   * accepted on a warehouse that is not the default: make another one the default instead.
   */
  @ValidateIf((_o, value) => value !== undefined)
  @IsBoolean()
  @ApiPropertyOptional()
  is_default?: boolean;
}
