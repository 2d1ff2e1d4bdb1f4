import { ApiProperty } from '@nestjs/swagger';
import { IsQuantity, IsUnitCost, IsUuid } from '../../../common/validation/decorators';

export class PurchaseOrderLineDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  product_id: string;

  @IsQuantity()
  quantity: number;

  @IsUnitCost({ required: true })
  unit_cost: number;
}
