import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoyaltyAccount } from '../loyalty/entities/loyalty-account.entity';
import { CustomersController } from './customers.controller';
import { CustomersSaleEffect } from './customers-sale.effect';
import { CustomersService } from './customers.service';
import { Customer } from './entities/customer.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Customer, LoyaltyAccount])],
  controllers: [CustomersController],
  providers: [CustomersService, CustomersSaleEffect],
  exports: [CustomersSaleEffect],
})
export class CustomersModule {}
