import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../common/validation/text-length';

/** POST /orders/:id/cancel: an optional reason, and whether the stock comes back. */
export class CancelOrderDto {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxChars(500)
  reason?: string;

  /** Return the sold stock to the warehouse it came from (default true). */
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'restock must be true or false' })
  restock?: boolean;
}
