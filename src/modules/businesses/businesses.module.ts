import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyLookup } from '../../common/auth/api-key-lookup';
import { ApiKeyLookupStore } from './api-key-lookup.store';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyUsage } from './api-key-usage';
import { BusinessProfileService } from './business-profile.service';
import { BusinessController } from './business.controller';
import { ApiKey } from './entities/api-key.entity';
import { Business } from './entities/business.entity';

/** The business and its keys (key management, docs/api.md 18); also provides the API-key guard's lookup (registered app-wide in AppModule). */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey, Business])],
  controllers: [BusinessController, ApiKeysController],
  providers: [{ provide: ApiKeyLookup, useClass: ApiKeyLookupStore }, ApiKeysService, ApiKeyUsage, BusinessProfileService],
  exports: [ApiKeyLookup, BusinessProfileService],
})
export class BusinessesModule {}
