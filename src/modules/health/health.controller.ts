import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { DataSource } from 'typeorm';
import { BareBody, bare } from '../../common/http/envelope';
import { Public } from '../../common/auth/public.decorator';
import { DomainError } from '../../common/errors/domain-error';
import { runStatement } from '../../database/run-statement';
import { Readiness } from '../../common/http/readiness';
import { readiness } from './persistence/health.sql';

class LiveJson {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
}

class ReadyJson {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
  @ApiProperty({ enum: ['up'] }) database: 'up';
}

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  private readonly newestMigration: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly readiness: Readiness,
  ) {
    const names = dataSource.migrations.map((m) => ({
      name: m.name ?? m.constructor.name,
      ts: Number(/\d{13}$/.exec(m.name ?? m.constructor.name)?.[0] ?? 0),
    }));
    this.newestMigration = names.sort((a, b) => a.ts - b.ts).at(-1)?.name ?? '';
  }

  @Get()
  @Endpoint({ summary: 'Liveness: the process serves HTTP', response: LiveJson, shape: 'bare', public: true })
  live(): BareBody<LiveJson> {
    return bare({ status: 'ok' });
  }

  @Get('ready')
  @Endpoint({
    summary: 'Readiness: the database answers and its migrations are applied; 503 otherwise, and while the process leaves (SHUTDOWN_DELAY_MS)',
    response: ReadyJson,
    shape: 'bare',
    public: true,
  })
  async ready(): Promise<BareBody<ReadyJson>> {
    if (this.readiness.leaving) throw new DomainError('SERVICE_UNAVAILABLE', 'The server is shutting down');
    let migrated: boolean;
    try {
      [{ migrated }] = await runStatement(this.dataSource, readiness, [this.newestMigration]);
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE', 'The database is unreachable');
    }
    if (!migrated) throw new DomainError('SERVICE_UNAVAILABLE', 'The database lacks migrations of this version');
    return bare({ status: 'ok', database: 'up' });
  }
}
