import { IsOptional } from 'class-validator';
import { IsOneOf, QueryInt } from '../../../common/validation/decorators';
import { TopProductSort } from '../analytics.service';
import { AnalyticsQueryDto } from './analytics-query.dto';

export const TOP_PRODUCT_SORTS: readonly TopProductSort[] = ['revenue', 'quantity'];
export const DEFAULT_TOP_PRODUCTS = 10;
export const MAX_TOP_PRODUCTS = 50;

export class TopProductsQueryDto extends AnalyticsQueryDto {
  /** how many products (1..50, default 10) */
  @QueryInt(1, MAX_TOP_PRODUCTS)
  limit?: number;

  /** `revenue` (default): by total_revenue desc; `quantity`: by total_sold desc */
  @IsOptional()
  @IsOneOf(TOP_PRODUCT_SORTS)
  sort?: TopProductSort;
}
