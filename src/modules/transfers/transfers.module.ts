import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StockModule } from '../stock/stock.module';
import { TransferItem } from './entities/transfer-item.entity';
import { Transfer } from './entities/transfer.entity';
import { TransfersController } from './transfers.controller';
import { TransfersReader } from './transfers.reader';
import { TransfersService } from './transfers.service';

/** Stock moving between the warehouses of a business (docs/api.md 14). */
@Module({
  imports: [TypeOrmModule.forFeature([Transfer, TransferItem]), StockModule],
  controllers: [TransfersController],
  providers: [TransfersService, TransfersReader],
})
export class TransfersModule {}
