import { ApiProperty } from '@nestjs/swagger';
import { Supplier } from './entities/supplier.entity';

export class SupplierJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Roastery Ltd' }) name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toSupplierJson(supplier: Supplier): SupplierJson {
  return {
    id: supplier.id,
    name: supplier.name,
    email: supplier.email,
    phone: supplier.phone,
    notes: supplier.notes,
    created_at: supplier.createdAt.toISOString(),
    updated_at: supplier.updatedAt.toISOString(),
  };
}
