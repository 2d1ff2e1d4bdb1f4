import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class DashboardRevenueJson {
  @ApiProperty({ example: 1520.4 }) total: number;
  @ApiProperty({ example: 61 }) orders: number;
  @ApiProperty({ example: 24.92 }) avg_order_value: number;
}

class DashboardCustomersJson {
  @ApiProperty({ example: 210 }) total: number;
  @ApiProperty({ example: 12 }) new_in_period: number;
}

class DashboardProductsJson {
  @ApiProperty({ example: 48 }) total: number;
}

/** The figures of a window: those of the dashboard, and of its `previous` window. */
export class DashboardFiguresJson {
  @ApiProperty({ type: DashboardRevenueJson }) revenue: DashboardRevenueJson;
  @ApiProperty({ type: DashboardCustomersJson, description: '`total`: the customers created before the window ends' })
  customers: DashboardCustomersJson;
  @ApiProperty({ type: DashboardProductsJson, description: 'active products (now)' }) products: DashboardProductsJson;
}

/** The `data` of GET /analytics/dashboard. */
export class DashboardJson extends DashboardFiguresJson {
  @ApiProperty({ example: 30 }) period_days: number;
  @ApiPropertyOptional({
    type: DashboardFiguresJson,
    description: 'with `compare=previous` only: the figures of the `period_days` whole days just before the window',
  })
  previous?: DashboardFiguresJson;
}

/** One day of GET /analytics/revenue (bare array). */
export class RevenuePointJson {
  @ApiProperty({ format: 'date', example: '2026-11-24' }) date: string;
  @ApiProperty({ example: 310.5 }) revenue: number;
  @ApiProperty({ example: 12 }) orders: number;
}

/** One element of GET /analytics/top-products (bare array). */
export class TopProductJson {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) name: string;
  @ApiProperty({ example: 'SKU-000001' }) sku: string;
  @ApiProperty({ example: 42 }) total_sold: number;
  @ApiProperty({ example: 525 }) total_revenue: number;
}

class TopCustomerJson {
  @ApiProperty({ format: 'uuid' }) customer_id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ example: 410.2 }) total_spent: number;
  @ApiProperty({ example: 9 }) orders: number;
}

/** The `data` of GET /analytics/customers. */
export class CustomerAnalyticsJson {
  @ApiProperty({ example: 30 }) period_days: number;
  @ApiProperty({ example: 210 }) total_customers: number;
  @ApiProperty({ example: 12 }) new_customers: number;
  @ApiProperty({ example: 80 }) active_customers: number;
  @ApiProperty({ example: 31 }) returning_customers: number;
  @ApiProperty({ example: 0.3875, description: 'returning / active, 0 without active customers' }) repeat_rate: number;
  @ApiProperty({ example: 96.4 }) avg_lifetime_value: number;
  @ApiProperty({ type: [TopCustomerJson] }) top_customers: TopCustomerJson[];
}
