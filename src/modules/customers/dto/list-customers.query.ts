import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { MaxChars } from '../../../common/validation/text-length';

export class ListCustomersQuery extends PaginationQueryDto {
  /** Case-insensitive match on name, email or phone. */
  @ApiPropertyOptional({ description: 'matches name, email or phone, case-insensitive' })
  @IsOptional()
  @IsString()
  @MaxChars(200)
  search?: string;
}
