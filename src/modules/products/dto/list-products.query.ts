import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { IsUuid, QueryBool } from '../../../common/validation/decorators';

export class ListProductsQuery extends PaginationQueryDto {
  /** Case-insensitive match anywhere in the name; `%` and `_` match literally. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @ApiPropertyOptional()
  search?: string;

  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid' })
  category_id?: string;

  /** true: only products with stock above 0; false: only those with none. */
  @QueryBool()
  in_stock?: boolean;

  /** Default true. */
  @QueryBool()
  is_active?: boolean;
}
