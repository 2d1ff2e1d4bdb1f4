import { EarlyAuthentication } from './common/auth/early-authentication';
import { Draining } from './common/http/draining';
import { rateLimitStoreProvider } from './common/security/rate-limit-store.provider';
import { RATE_LIMIT_STORE } from './common/security/rate-limit-store';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SearchModule } from './modules/search/search.module';
import { TaxesModule } from './modules/taxes/taxes.module';
import { StaffModule } from './modules/staff/staff.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { ApiKeyGuard } from './common/auth/api-key.guard';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { DatabaseModule } from './database/database.module';
import { BusinessesModule } from './modules/businesses/businesses.module';
import { HealthModule } from './modules/health/health.module';
import { CategoriesModule } from './modules/categories/categories.module';
import { ProductsModule } from './modules/products/products.module';
import { StockModule } from './modules/stock/stock.module';
import { WarehousesModule } from './modules/warehouses/warehouses.module';
import { EventsModule } from './modules/events/events.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { CustomersModule } from './modules/customers/customers.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { OrdersModule } from './modules/orders/orders.module';
import { ReturnsModule } from './modules/returns/returns.module';
import { SuppliersModule } from './modules/suppliers/suppliers.module';
import { PurchasingModule } from './modules/purchasing/purchasing.module';
import { TransfersModule } from './modules/transfers/transfers.module';
import { StockCountsModule } from './modules/stock-counts/stock-counts.module';
import { LoyaltyModule } from './modules/loyalty/loyalty.module';
import { InvoicesModule } from './modules/invoices/invoices.module';
import { DocumentsModule } from './modules/documents/documents.module';
import { FinanceModule } from './modules/finance/finance.module';
import { ExpensesModule } from './modules/expenses/expenses.module';
import { PayrollModule } from './modules/payroll/payroll.module';
import { ActivityModule } from './modules/activity/activity.module';
import { ConsoleModule } from './console/console.module';
import { AuthModule } from './modules/auth/auth.module';

/** Domain modules, one per folder under src/modules. */
const DOMAIN_MODULES = [
  HealthModule,
  BusinessesModule,
  AuthModule,
  CategoriesModule,
  WarehousesModule,
  ProductsModule,
  StockModule,
  EventsModule,
  WebhooksModule,
  AnalyticsModule,
  CustomersModule,
  OrdersModule,
  PaymentsModule,
  ReturnsModule,
  SuppliersModule,
  PurchasingModule,
  TransfersModule,
  StockCountsModule,
  LoyaltyModule,
  InvoicesModule,
  DocumentsModule,
  FinanceModule,
  ExpensesModule,
  PayrollModule,
  ActivityModule,
  MetricsModule,
  StaffModule,
  SearchModule,
  TaxesModule,
];

/** What a module's `imports` takes. */
export type ModuleImport = NonNullable<DynamicModule['imports']>[number];

@Module({})
export class AppModule {
  /** `extraModules`: modules a test adds to the app (a test-only sale effect); none in production. */
  static forRoot(config: AppConfig, databaseUrl: string, extraModules: ModuleImport[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions(databaseUrl, config.dbPoolMax, { statementTimeoutMs: config.dbStatementTimeoutMs, connectTimeoutMs: config.dbConnectTimeoutMs }),
        ),
        EventEmitterModule.forRoot(),
        { module: ConfigHolderModule, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] },
        // the rate-limit counters: the per-key limit, EarlyAuthentication and the auth module's throttle share one store
        { module: RateLimitStoreModule, global: true, providers: [rateLimitStoreProvider], exports: [RATE_LIMIT_STORE] },
        DatabaseModule,
        ...DOMAIN_MODULES,
        ConsoleModule,
        ...extraModules,
      ],
      providers: [{ provide: APP_GUARD, useClass: ApiKeyGuard }, Draining, EarlyAuthentication],
    };
  }
}

@Module({})
class ConfigHolderModule {}

@Module({})
class RateLimitStoreModule {}
