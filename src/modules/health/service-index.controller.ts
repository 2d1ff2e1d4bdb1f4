import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import packageJson from '../../../package.json';

const { name, version } = packageJson;

class ServiceIndexJson {
  @ApiProperty({ example: 'backoffice-commerce-api' }) name: string;
  @ApiProperty({ example: '0.1.0' }) version: string;
  @ApiProperty({ example: '/docs', description: 'Swagger UI' }) docs: string;
  @ApiProperty({ example: '/docs-json', description: 'the OpenAPI document' }) openapi: string;
  @ApiProperty({ example: '/health/ready' }) health: string;
}

/** GET /api/v1, the base URL the README gives: what this service is and where its documents are. */
@ApiTags('health')
@Public()
@Controller()
export class ServiceIndexController {
  @Get()
  @Endpoint({ summary: 'The service: name, version and links to its documentation', response: ServiceIndexJson, public: true })
  index(): ServiceIndexJson {
    return { name, version, docs: '/docs', openapi: '/docs-json', health: '/health/ready' };
  }
}
