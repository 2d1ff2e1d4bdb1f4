import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** CONTRACT.md 5 POST /orders/:id/cancel. */
export class CancelOrderDto {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;

  /** Return the sold stock to the warehouse it came from (default true). */
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'restock must be true or false' })
  restock?: boolean;
}
