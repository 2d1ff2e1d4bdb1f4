import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Bare } from '../../common/http/envelope.interceptor';
import { Public } from '../../common/auth/public.decorator';
import { DomainError } from '../../common/errors/domain-error';

@ApiTags('health')
@Public()
@Bare()
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** Liveness: the process serves HTTP. */
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: the database answers. */
  @Get('ready')
  async ready() {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE', 'The database is unreachable');
    }
    return { status: 'ok', database: 'up' };
  }
}
