import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';

export class ListCustomersQuery extends PaginationQueryDto {
  /** Case-insensitive match on name, email or phone. */
  @ApiPropertyOptional({ description: 'matches name, email or phone, case-insensitive' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}
