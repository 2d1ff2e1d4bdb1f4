import { Module } from '@nestjs/common';
import { ApiKeyLookup } from '../../common/auth/api-key-lookup';
import { ApiKeyLookupStore } from './api-key-lookup.store';
import { BusinessController } from './business.controller';

/** Also provides the API-key guard's lookup (registered app-wide in AppModule). */
@Module({
  controllers: [BusinessController],
  providers: [{ provide: ApiKeyLookup, useClass: ApiKeyLookupStore }],
  exports: [ApiKeyLookup],
})
export class BusinessesModule {}
