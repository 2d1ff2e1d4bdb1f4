import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Warehouse } from './entities/warehouse.entity';
import { WarehousesController } from './warehouses.controller';
import { WarehousesService } from './warehouses.service';

@Module({ imports: [TypeOrmModule.forFeature([Warehouse])], controllers: [WarehousesController], providers: [WarehousesService], exports: [WarehousesService] })
export class WarehousesModule {}
