import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { DeliveryStore } from './delivery/delivery-store';
import { EventsCommittedListener } from './delivery/events-committed.listener';
import { OutboxDispatcher } from './delivery/outbox-dispatcher';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [HttpModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveriesService, DeliveryStore, WebhookSender, OutboxDispatcher, EventsCommittedListener],
})
export class WebhooksModule {}
