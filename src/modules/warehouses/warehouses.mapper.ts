import { ApiProperty } from '@nestjs/swagger';
import { Warehouse } from './entities/warehouse.entity';

export class WarehouseJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Main' }) name: string;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty() is_default: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toWarehouseJson(warehouse: Warehouse): WarehouseJson {
  return {
    id: warehouse.id,
    name: warehouse.name,
    address: warehouse.address,
    is_default: warehouse.isDefault,
    created_at: warehouse.createdAt.toISOString(),
    updated_at: warehouse.updatedAt.toISOString(),
  };
}
