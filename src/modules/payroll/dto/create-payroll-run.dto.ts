import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsNotEmpty, IsPositive, IsString, ValidateNested } from 'class-validator';
import { IsIsoDate, IsMoney, MaxItems, Trim } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

export const MAX_PAYROLL_ITEMS = 1000;

export class PayrollItemDto {
  @ApiProperty({ maxLength: 200, example: 'Grace Hopper' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'employee_name must not be empty' })
  @MaxChars(200)
  employee_name: string;

  /** Above 0, at most 2 decimals. */
  @IsMoney({ required: true })
  @IsPositive({ message: 'amount must be above 0' })
  amount: number;
}

/** POST /payroll/runs; `period_end` must not be before `period_start`. */
export class CreatePayrollRunDto {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-01' })
  @IsIsoDate()
  period_start: string;

  @ApiProperty({ type: String, format: 'date', example: '2026-11-30' })
  @IsIsoDate()
  period_end: string;

  @ApiProperty({ type: [PayrollItemDto] })
  @MaxItems(MAX_PAYROLL_ITEMS, 'employees')
  @ArrayMinSize(1, { message: 'items must contain at least one employee' })
  @ValidateNested({ each: true })
  @Type(() => PayrollItemDto)
  items: PayrollItemDto[];
}
