import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsPositive, IsString } from 'class-validator';
import { IsIsoDate, IsMoney, Trim } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

/** POST /expenses. */
export class CreateExpenseDto {
  /** Above 0, at most 2 decimals. */
  @IsMoney({ required: true })
  @IsPositive({ message: 'amount must be above 0' })
  amount: number;

  /** Free text, such as `rent`, `utilities`, `supplies` (trimmed). */
  @ApiProperty({ maxLength: 100, example: 'rent' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'category must not be empty' })
  @MaxChars(100)
  category: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxChars(2000)
  description?: string;

  /** The day the expense is booked on; today in the business time zone when omitted. */
  @IsOptional()
  @IsIsoDate()
  date?: string;
}
