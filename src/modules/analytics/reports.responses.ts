import { ApiProperty } from '@nestjs/swagger';

export class ValuationProductJson {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 'SKU-000001' }) sku: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) name: string;
  @ApiProperty({ example: 40 }) quantity: number;
  @ApiProperty({ example: 7.1825 }) average_cost: number;
  @ApiProperty({ example: 287.3 }) value: number;
}

/** GET /reports/inventory-valuation (docs/api.md 13). */
export class InventoryValuationJson {
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ example: 287.3 }) total_value: number;
  @ApiProperty({ type: [ValuationProductJson] }) products: ValuationProductJson[];
}

export class MarginProductJson {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) name: string;
  @ApiProperty({ example: 12 }) quantity: number;
  @ApiProperty({ example: 150 }) revenue: number;
  @ApiProperty({ example: 86.19 }) cogs: number;
  @ApiProperty({ example: 63.81 }) margin: number;
  @ApiProperty({ type: Number, nullable: true, example: 42.54, description: 'margin / revenue x 100, rounded half up to 2 decimals; null when revenue is 0' })
  margin_percent: number | null;
}

/** GET /reports/margin (docs/api.md 13): the window's sales net of returns, in the business time zone. */
export class MarginJson {
  @ApiProperty({ format: 'date', example: '2026-10-27' }) from: string;
  @ApiProperty({ format: 'date', example: '2026-11-25' }) to: string;
  @ApiProperty({ example: 1520.4 }) revenue: number;
  @ApiProperty({ example: 902.15 }) cogs: number;
  @ApiProperty({ example: 618.25 }) gross_margin: number;
  @ApiProperty({ example: 40.66, description: 'gross_margin / revenue x 100, to 2 decimals; 0 without revenue' }) margin_percent: number;
  @ApiProperty({ type: [MarginProductJson], description: 'the top 50 products by `sort` (default revenue), descending, nulls last' })
  products: MarginProductJson[];
}
