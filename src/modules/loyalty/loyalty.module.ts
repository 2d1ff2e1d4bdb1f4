import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Customer } from '../customers/entities/customer.entity';
import { LoyaltyAccount } from './entities/loyalty-account.entity';
import { LoyaltyTransaction } from './entities/loyalty-transaction.entity';
import { LoyaltySaleEffect } from './loyalty-sale.effect';
import { LoyaltyController } from './loyalty.controller';
import { LoyaltyReader } from './loyalty.reader';
import { LoyaltyService } from './loyalty.service';

@Module({
  imports: [TypeOrmModule.forFeature([Customer, LoyaltyAccount, LoyaltyTransaction])],
  controllers: [LoyaltyController],
  providers: [LoyaltyService, LoyaltyReader, LoyaltySaleEffect],
})
export class LoyaltyModule {}
