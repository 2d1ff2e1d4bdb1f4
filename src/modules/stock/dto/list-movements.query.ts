import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { IsIsoDate, IsOneOf } from '../../../common/validation/decorators';
import { MOVEMENT_TYPES, MovementType } from '../movement-types';

export class ListMovementsQuery extends PaginationQueryDto {
  @IsOptional()
  @IsUUID()
  @ApiPropertyOptional({ format: 'uuid' })
  product_id?: string;

  @IsOptional()
  @IsUUID()
  @ApiPropertyOptional({ format: 'uuid' })
  warehouse_id?: string;

  @IsOptional()
  @IsOneOf(MOVEMENT_TYPES)
  type?: MovementType;

  /** Inclusive, a date in the business time zone. */
  @IsOptional()
  @IsIsoDate()
  from?: string;

  /** Inclusive, a date in the business time zone. */
  @IsOptional()
  @IsIsoDate()
  to?: string;
}
