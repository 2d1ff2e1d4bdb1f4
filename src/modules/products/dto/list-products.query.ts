import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { IsOneOf, IsUuid, QueryBool } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';

export const STOCK_STATUSES = ['low', 'out'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export class ListProductsQuery extends PaginationQueryDto {
  /** Case-insensitive match anywhere in the name; `%` and `_` match literally. */
  @IsOptional()
  @IsString()
  @MaxChars(200)
  @ApiPropertyOptional()
  search?: string;

  /** Exactly this SKU (a scanner's or a clerk's code; the console's New sale looks a code up by it). */
  @IsOptional()
  @IsString()
  @MaxChars(100)
  @ApiPropertyOptional()
  sku?: string;

  /** Exactly this barcode (as a scanner reads it). */
  @IsOptional()
  @IsString()
  @MaxChars(100)
  @ApiPropertyOptional()
  barcode?: string;

  @IsOptional()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid' })
  category_id?: string;

  /** true: only products with stock above 0; false: only those with none. */
  @QueryBool()
  in_stock?: boolean;

  /**
   * `low`: active products with a minimum (`min_stock` > 0) whose stock is at or below it, whatever
   * is on order; `out`: active products with no stock.
   */
  @IsOptional()
  @IsOneOf(STOCK_STATUSES)
  @ApiPropertyOptional({ enum: STOCK_STATUSES })
  stock_status?: StockStatus;

  /** Default true. */
  @QueryBool()
  is_active?: boolean;
}

/**
 * The keys of the query the plain page (products.page, the measured first page) answers by itself:
 * the page and is_active. Any other key given is a filter it does not know, so the page is read by
 * the entity query: a filter added to this class is never ignored, whether or not the reader knows it.
 */
export const PLAIN_PAGE_KEYS: ReadonlySet<string> = new Set<keyof ListProductsQuery>(['page', 'per_page', 'is_active']);

/** The keys of `query` given (not undefined) that the plain page does not answer; none: the plain page serves it. */
export function filtersGiven(query: ListProductsQuery | ExportProductsQuery): string[] {
  return Object.entries(query)
    .filter(([key, value]) => value !== undefined && !PLAIN_PAGE_KEYS.has(key))
    .map(([key]) => key);
}

/** GET /products/export: the filters of GET /products, without the page (every matching product). */
export class ExportProductsQuery extends OmitType(ListProductsQuery, ['page', 'per_page'] as const) {}
