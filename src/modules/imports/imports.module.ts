import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StockModule } from '../stock/stock.module';
import { ImportRow } from './entities/import-row.entity';
import { Import } from './entities/import.entity';
import { ImportRunner } from './import-runner';
import { ImportWriter } from './import-writer';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

/** CSV imports of products, customers and stock: preview, apply in chunks, resumed after a restart (docs/api.md 23). */
@Module({
  imports: [TypeOrmModule.forFeature([Import, ImportRow]), StockModule],
  controllers: [ImportsController],
  providers: [ImportsService, ImportRunner, ImportWriter],
})
export class ImportsModule {}
