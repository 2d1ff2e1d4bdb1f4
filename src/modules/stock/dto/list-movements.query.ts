import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf, IsUuid } from '../../../common/validation/decorators';
import { MOVEMENT_TYPES, MovementType } from '../movement-types';

/** GET /stock/movements: `from` and `to` are inclusive dates in the business time zone. */
export class ListMovementsQuery extends DateRangeQueryDto {
  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid' })
  product_id?: string;

  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid' })
  warehouse_id?: string;

  @IsOptional()
  @IsOneOf(MOVEMENT_TYPES)
  type?: MovementType;
}
