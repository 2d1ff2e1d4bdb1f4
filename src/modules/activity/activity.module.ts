import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Product } from '../products/entities/product.entity';
import { Sale } from '../orders/entities/sale.entity';
import { ActivityController } from './activity.controller';
import { ActivityReader } from './activity.reader';
import { ActivityRetention } from './activity-retention';
import { ActivityService } from './activity.service';
import { ActivityEntry } from './entities/activity-entry.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ActivityEntry, Product, Sale])],
  controllers: [ActivityController],
  providers: [ActivityReader, ActivityService, ActivityRetention],
})
export class ActivityModule {}
