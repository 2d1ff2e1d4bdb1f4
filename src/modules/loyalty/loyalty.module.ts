import { Module } from '@nestjs/common';
import { LoyaltyController } from './loyalty.controller';
import { LoyaltyReader } from './loyalty.reader';
import { LoyaltyService } from './loyalty.service';

@Module({ controllers: [LoyaltyController], providers: [LoyaltyService, LoyaltyReader], exports: [LoyaltyService] })
export class LoyaltyModule {}
