import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RefundTaxLine } from './entities/refund-tax-line.entity';
import { SaleTaxLine } from './entities/sale-tax-line.entity';
import { TaxRate } from './entities/tax-rate.entity';
import { TaxRatesController } from './tax-rates.controller';
import { TaxRatesService } from './tax-rates.service';
import { TaxesSaleEffect } from './taxes-sale.effect';
import { TaxReportController } from './report/tax-report.controller';
import { TaxReportService } from './report/tax-report.service';

/** Tax rates, the tax of orders and refunds, and their report (docs/api.md 22). */
@Module({
  imports: [TypeOrmModule.forFeature([TaxRate, SaleTaxLine, RefundTaxLine])],
  controllers: [TaxRatesController, TaxReportController],
  providers: [TaxRatesService, TaxesSaleEffect, TaxReportService],
  exports: [TaxRatesService],
})
export class TaxesModule {}
