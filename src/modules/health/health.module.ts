import { Module } from '@nestjs/common';
import { Readiness } from '../../common/http/readiness';
import { HealthController } from './health.controller';
import { ServiceIndexController } from './service-index.controller';

@Module({ controllers: [HealthController, ServiceIndexController], providers: [Readiness], exports: [Readiness] })
export class HealthModule {}
