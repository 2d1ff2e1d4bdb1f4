import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { IsUuid } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

/** Points are bigint; a request is held to what a JSON number carries exactly. */
export const MAX_POINTS = Number.MAX_SAFE_INTEGER;

/** POST /loyalty/redeem: points taken from a customer's balance by hand. */
export class RedeemPointsDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  customer_id: string;

  /** A positive whole number of points, at most the balance. */
  @ApiProperty({ type: Number, minimum: 1, maximum: MAX_POINTS, example: 50 })
  @IsInt({ message: 'points must be a whole number' })
  @Min(1)
  @Max(MAX_POINTS)
  points: number;

  /** Used as the transaction description (`Manual redemption` when omitted). */
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxChars(500)
  reason?: string;
}
