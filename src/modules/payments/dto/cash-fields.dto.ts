import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsMoney } from '../../../common/validation/decorators';

/** Cash's own field of POST /orders' body (issue 42: the till's cash tender). */
export class CashFields {
  // above IsMoney, so that its example is the one documented
  @ApiPropertyOptional({ type: Number, example: 50, description: 'what the customer handed over; at least the total' })
  @IsOptional()
  @IsMoney()
  cash_tendered?: number;
}
