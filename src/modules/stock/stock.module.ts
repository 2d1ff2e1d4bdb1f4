import { Module } from '@nestjs/common';
import { StockMovementsService } from './stock-movements.service';
import { StockController } from './stock.controller';
import { StockService } from './stock.service';

@Module({ controllers: [StockController], providers: [StockService, StockMovementsService], exports: [StockService] })
export class StockModule {}
