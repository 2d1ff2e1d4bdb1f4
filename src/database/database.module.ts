import { Global, Module } from '@nestjs/common';
import { IdempotencyStore } from '../common/idempotency/idempotency-store';
import { PostgresIdempotencyStore } from './idempotency/postgres-idempotency.store';
import { UnitOfWork } from './unit-of-work';

@Global()
@Module({
  providers: [UnitOfWork, { provide: IdempotencyStore, useClass: PostgresIdempotencyStore }],
  exports: [UnitOfWork, IdempotencyStore],
})
export class DatabaseModule {}
