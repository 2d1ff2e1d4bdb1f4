import { ApiProperty } from '@nestjs/swagger';
import { Category } from './entities/category.entity';

export class CategoryJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Coffee' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toCategoryJson(category: Category): CategoryJson {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    created_at: category.createdAt.toISOString(),
    updated_at: category.updatedAt.toISOString(),
  };
}
