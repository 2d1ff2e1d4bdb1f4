import { ApiProperty } from '@nestjs/swagger';
import { costNumber, dec, moneyNumber, quantityNumber } from '../../common/money/money';
import { Product } from './entities/product.entity';
import { ProductStockColumns } from './persistence/product-stock.sql';
import { CsvLayout, csvLayoutOf } from '../../common/csv/csv-columns';

class ProductCategoryJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Coffee' }) name: string;
}

class WarehouseQuantityJson {
  @ApiProperty({ format: 'uuid' }) warehouse_id: string;
  @ApiProperty({ example: 'Main' }) warehouse_name: string;
  @ApiProperty({ example: 12.5 }) quantity: number;
}

export class ProductJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) name: string;
  @ApiProperty({ example: 'SKU-000001' }) sku: string;
  @ApiProperty({ example: 12.5 }) price: number;
  @ApiProperty({ type: Number, nullable: true, example: 7.2 }) cost_price: number | null;
  @ApiProperty({ example: 7.1825, description: 'moving average cost (4 decimals), changed only by goods entering at a cost; read-only' })
  average_cost: number;
  @ApiProperty({ example: 'unit' }) unit: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true, example: '4006381333931' }) barcode: string | null;
  @ApiProperty() is_active: boolean;
  @ApiProperty({ type: ProductCategoryJson, nullable: true }) category: ProductCategoryJson | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "its tax rate (docs/api.md 22); null: the business's default rate" })
  tax_rate_id: string | null;
  @ApiProperty({ example: 40, description: 'the sum of stock_by_warehouse' }) stock: number;
  @ApiProperty({ type: [WarehouseQuantityJson] }) stock_by_warehouse: WarehouseQuantityJson[];
  @ApiProperty({ example: 6, description: 'shipped by open transfers, in no warehouse yet (not in stock)' }) in_transit: number;
  @ApiProperty({ example: 5 }) min_stock: number;
  @ApiProperty({ example: 24 }) reorder_quantity: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/**
 * What the product object is made of: every column of the product, with its category loaded. The
 * entity read by the entity query is one, and so is a row of products.page, which selects every
 * column of the entity (product-page.sql.ts).
 */
export type ProductFields = Omit<Product, 'business' | 'category' | 'taxRate'> & { category?: { id: string; name: string } | null };

/**
 * The product object of the API, from the product with its category loaded and its stock columns
 * (productStockColumns): its stock in every warehouse of the business, and what open transfers carry
 * of it; `stock` is the exact sum of the warehouse quantities.
 */
export function toProductJson(product: ProductFields & ProductStockColumns): ProductJson {
  const stock = product.stock_by_warehouse ?? [];
  const total = stock.reduce((acc, [, , quantity]) => acc.plus(quantity), dec(0));
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    price: moneyNumber(product.price),
    cost_price: product.costPrice === null ? null : moneyNumber(product.costPrice),
    average_cost: costNumber(product.averageCost),
    unit: product.unit,
    description: product.description,
    barcode: product.barcode,
    is_active: product.isActive,
    category: product.category ? { id: product.category.id, name: product.category.name } : null,
    tax_rate_id: product.taxRateId,
    stock: quantityNumber(total),
    stock_by_warehouse: stock.map(([warehouse_id, warehouse_name, quantity]) => ({ warehouse_id, warehouse_name, quantity: quantityNumber(quantity) })),
    in_transit: quantityNumber(product.in_transit),
    min_stock: quantityNumber(product.minStock),
    reorder_quantity: quantityNumber(product.reorderQuantity),
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}

/**
 * The columns of GET /products/export (csvLayoutOf): the product's fields, with its stock per
 * warehouse as one column per warehouse of the business, `stock_by_warehouse[<warehouse name>]`
 * (`[<name> (<id>)]` for a name two warehouses share), in the order of stock_by_warehouse;
 * `created_at_local` in the business zone.
 */
export function productCsvLayout(warehouses: { id: string; name: string }[], timezone: string): CsvLayout<ProductJson> {
  const shared = (name: string) => warehouses.filter((w) => w.name === name).length > 1;
  return csvLayoutOf(ProductJson, {
    timezone,
    expand: {
      stock_by_warehouse: warehouses.map((w) => ({
        header: `stock_by_warehouse[${shared(w.name) ? `${w.name} (${w.id})` : w.name}]`,
        value: (product: ProductJson) => product.stock_by_warehouse.find((s) => s.warehouse_id === w.id)?.quantity ?? null,
      })),
    },
  });
}

/** The header of GET /products/export as the OpenAPI document states it. */
export const PRODUCT_CSV_HEADERS = productCsvLayout([{ id: '', name: '<warehouse name>' }], 'UTC').headers;
