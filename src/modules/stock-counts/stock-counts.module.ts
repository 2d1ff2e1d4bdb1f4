import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StockModule } from '../stock/stock.module';
import { StockCountItem } from './entities/stock-count-item.entity';
import { StockCount } from './entities/stock-count.entity';
import { StockCountsController } from './stock-counts.controller';
import { StockCountsReader } from './stock-counts.reader';
import { StockCountsService } from './stock-counts.service';

/** Stock counts: counted quantities become the stock, compare-and-set when the counter says what it expected (docs/api.md 14). */
@Module({
  imports: [TypeOrmModule.forFeature([StockCount, StockCountItem]), StockModule],
  controllers: [StockCountsController],
  providers: [StockCountsService, StockCountsReader],
})
export class StockCountsModule {}
