import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { DeliveryJson, WebhookJson } from './webhooks.mapper';
import { ListWebhooksQuery } from './dto/list-webhooks.query';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksService } from './webhooks.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  /** 201 with the webhook; the secret is never returned (`secret_set`). */
  @Post()
  @RequiresScope('webhooks')
  @Endpoint({ idempotent: true, summary: 'Register a webhook (the secret is write-only)', status: 201, response: WebhookJson, body: true })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateWebhookDto) {
    return this.webhooks.create(biz, dto);
  }

  @Get()
  @RequiresScope('webhooks')
  @Endpoint({ summary: 'List webhooks, newest first', response: WebhookJson, shape: 'paged', errors: ['VALIDATION_FAILED'] })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListWebhooksQuery) {
    return this.webhooks.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('webhooks')
  @Endpoint({ summary: 'Get a webhook', response: WebhookJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.webhooks.get(biz, id);
  }

  /** is_active false pauses deliveries; url, events and secret can change too. */
  @Put(':id')
  @RequiresScope('webhooks')
  @Endpoint({
    summary: 'Update a webhook (is_active false pauses deliveries; secret null removes it)',
    response: WebhookJson,
    body: true,
    errors: ['NOT_FOUND'],
  })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateWebhookDto) {
    return this.webhooks.update(biz, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequiresScope('webhooks')
  @Endpoint({ summary: 'Delete a webhook and its delivery log', status: 204, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  remove(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.webhooks.remove(biz, id);
  }

  /** The delivery log, newest first. */
  @Get(':id/deliveries')
  @RequiresScope('webhooks')
  @Endpoint({
    summary: 'The delivery log of a webhook, newest first; filter status',
    response: DeliveryJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  listDeliveries(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Query() query: ListDeliveriesQuery) {
    return this.deliveries.list(biz, id, query);
  }

  /** 202: the new attempt is queued and made in the background; poll the log for its outcome. */
  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  @RequiresScope('webhooks')
  @Endpoint({
    idempotent: true,
    summary: 'Queue a new attempt of a delivery (made in the background)',
    status: 202,
    response: DeliveryJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION'],
  })
  redeliver(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @UuidParam('delivery_id') deliveryId: string) {
    return this.deliveries.redeliver(biz, id, deliveryId);
  }
}
