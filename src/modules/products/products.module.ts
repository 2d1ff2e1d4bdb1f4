import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Warehouse } from '../warehouses/entities/warehouse.entity';
import { Product } from './entities/product.entity';
import { ProductReader } from './persistence/product.reader';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';

@Module({
  imports: [TypeOrmModule.forFeature([Product, Warehouse])],
  controllers: [ProductsController],
  providers: [ProductsService, ProductReader],
  exports: [ProductsService],
})
export class ProductsModule {}
