import { IsOptional } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { IsOneOf } from '../../../common/validation/decorators';
import { DELIVERY_STATUSES, DeliveryStatus } from '../webhooks.mapper';

export class ListDeliveriesQuery extends PaginationQueryDto {
  @IsOptional()
  @IsOneOf(DELIVERY_STATUSES)
  status?: DeliveryStatus;
}
