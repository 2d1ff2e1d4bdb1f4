import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { ServiceIndexController } from './service-index.controller';

@Module({ controllers: [HealthController, ServiceIndexController] })
export class HealthModule {}
