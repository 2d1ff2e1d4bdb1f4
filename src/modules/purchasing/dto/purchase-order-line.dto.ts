import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsQuantity, IsUnitCost } from '../../../common/validation/decorators';

export class PurchaseOrderLineDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID(undefined, { message: 'product_id must be a UUID' })
  product_id: string;

  @IsQuantity()
  quantity: number;

  @IsUnitCost({ required: true })
  unit_cost: number;
}
