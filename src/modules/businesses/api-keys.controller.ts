import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { ApiKeyJson, CreatedApiKeyJson } from './api-keys.mapper';
import { ApiKeysService } from './api-keys.service';
import { CreateApiKeyDto } from './dto/create-api-key.dto';
import { ListApiKeysQuery } from './dto/list-api-keys.query';

@ApiTags('api-keys')
@ApiBearerAuth()
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @RequiresScope('admin')
  @Endpoint({
    summary: "List the business's API keys, newest first (never the key nor its hash)",
    response: ApiKeyJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListApiKeysQuery) {
    return this.keys.list(biz, query);
  }

  /** The key is in this answer only. A replay under the same Idempotency-Key gives it back to the same calling key only. */
  @Post()
  @HttpCode(201)
  @RequiresScope('admin')
  @Endpoint({
    idempotent: true,
    secretFields: ['api_key'],
    summary: 'Create an API key with the given scopes; the key is shown once',
    description:
      'A replay with the same Idempotency-Key and body, by the same calling key, answers the same (the key included: the stored answer keeps it encrypted under the calling key); by another key it is 409 IDEMPOTENCY_KEY_REUSED.',
    status: 201,
    response: CreatedApiKeyJson,
    body: true,
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateApiKeyDto) {
    return this.keys.create(biz, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequiresScope('admin')
  @Endpoint({
    summary: 'Revoke an API key at once, in every process (the last active admin key cannot be)',
    status: 204,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'LAST_ADMIN_KEY'],
  })
  revoke(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.keys.revoke(biz, id);
  }
}
