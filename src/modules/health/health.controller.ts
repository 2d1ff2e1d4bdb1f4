import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { DataSource } from 'typeorm';
import { BareBody, bare } from '../../common/http/envelope';
import { Public } from '../../common/auth/public.decorator';
import { DomainError } from '../../common/errors/domain-error';
import { runStatement } from '../../database/run-statement';
import { ping } from './persistence/health.sql';

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
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @Endpoint({ summary: 'Liveness: the process serves HTTP', response: LiveJson, shape: 'bare', public: true })
  live(): BareBody<LiveJson> {
    return bare({ status: 'ok' });
  }

  @Get('ready')
  @Endpoint({ summary: 'Readiness: the database answers (503 when it does not)', response: ReadyJson, shape: 'bare', public: true })
  async ready(): Promise<BareBody<ReadyJson>> {
    try {
      await runStatement(this.dataSource, ping, []);
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE', 'The database is unreachable');
    }
    return bare({ status: 'ok', database: 'up' });
  }
}
