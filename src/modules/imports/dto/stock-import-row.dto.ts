import { IsNotEmpty, IsString } from 'class-validator';
import { IsStockQuantity } from '../../../common/validation/decorators';
import { MaxChars } from '../../../common/validation/text-length';
import { TrimmedText } from '../../products/dto/product-fields';

/** A row of a stock import (docs/api.md 23): a product by SKU, a warehouse by name or id, the quantity counted there. */
export class StockImportRowDto {
  @TrimmedText(64, 'ESP-1KG', true)
  sku: string;

  @IsString()
  @IsNotEmpty()
  @MaxChars(200)
  warehouse: string;

  /** the counted quantity, as POST /stock/counts takes it */
  @IsStockQuantity({ required: true })
  quantity: number;
}
