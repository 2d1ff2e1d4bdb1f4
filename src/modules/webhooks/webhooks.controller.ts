import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksService } from './webhooks.service';

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
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateWebhookDto) {
    return this.webhooks.create(biz, dto);
  }

  @Get()
  list(@CurrentBusiness() biz: BusinessContext) {
    return this.webhooks.list(biz);
  }

  @Get(':id')
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.webhooks.get(biz, id);
  }

  /** is_active false pauses deliveries; url, events and secret can change too. */
  @Put(':id')
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateWebhookDto) {
    return this.webhooks.update(biz, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.webhooks.remove(biz, id);
  }

  /** The delivery log, newest first. */
  @Get(':id/deliveries')
  listDeliveries(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Query() query: ListDeliveriesQuery) {
    return this.deliveries.list(biz, id, query);
  }

  /** 202: the new attempt is queued and made in the background; poll the log for its outcome. */
  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  redeliver(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @UuidParam('delivery_id') deliveryId: string) {
    return this.deliveries.redeliver(biz, id, deliveryId);
  }
}
