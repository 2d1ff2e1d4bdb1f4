import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** Suppliers are listed by name, paged like every list. */
export class ListSuppliersQuery extends PaginationQueryDto {
  /** Case-insensitive match anywhere in the name; `%` and `_` match literally. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @ApiPropertyOptional({ description: 'matches anywhere in the name, case-insensitive; % and _ match literally' })
  search?: string;
}
