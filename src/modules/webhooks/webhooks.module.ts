import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeliveryStore } from './delivery/delivery-store';
import { EventsCommittedListener } from './delivery/events-committed.listener';
import { OutboxDispatcher } from './delivery/outbox-dispatcher';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { Webhook } from './entities/webhook.entity';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [HttpModule, TypeOrmModule.forFeature([Webhook, WebhookDelivery])],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveriesService, DeliveryStore, WebhookSender, OutboxDispatcher, EventsCommittedListener],
})
export class WebhooksModule {}
