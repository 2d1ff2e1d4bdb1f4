import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { MaxChars } from '../../../common/validation/text-length';

/** Suppliers are listed by name, paged like every list. */
export class ListSuppliersQuery extends PaginationQueryDto {
  /** Case-insensitive match anywhere in the name; `%` and `_` match literally. */
  @IsOptional()
  @IsString()
  @MaxChars(200)
  @ApiPropertyOptional({ description: 'matches anywhere in the name, case-insensitive; % and _ match literally' })
  search?: string;
}
