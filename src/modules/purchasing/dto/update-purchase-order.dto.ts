import { PartialType } from '@nestjs/swagger';
import { CreatePurchaseOrderDto } from './create-purchase-order.dto';

/** PUT /purchase-orders/:id, a draft only: sent fields change, `items` (when sent) replaces every line. */
export class UpdatePurchaseOrderDto extends PartialType(CreatePurchaseOrderDto, { skipNullProperties: false }) {}
