import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { assertReadsEvents } from '../../common/events/event-scopes';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { findInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { OutboxDispatcher } from './delivery/outbox-dispatcher';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { Webhook } from './entities/webhook.entity';
import { DeliveryJson, toDeliveryJson } from './webhooks.mapper';

/** The delivery log of a webhook and manual redelivery. */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(Webhook) private readonly webhooks: Repository<Webhook>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly dispatcher: OutboxDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Newest first. */
  async list(biz: BusinessContext, webhookId: string, query: ListDeliveriesQuery): Promise<Paged<DeliveryJson>> {
    await findInBusiness(this.webhooks, biz.id, webhookId, 'Webhook');
    const page = await BusinessQuery.of(this.deliveries, 'd', biz.id)
      .equals('d.webhookId', webhookId)
      .equals('d.status', query.status)
      .orderBy({ 'd.createdAt': 'DESC', 'd.id': 'ASC' })
      .page(pageRequest(query));
    return page.map(toDeliveryJson);
  }

  /**
   * Queues a new attempt now, with a fresh allowance of WEBHOOK_MAX_ATTEMPTS; the attempt runs in
   * the background like any delivery. Whatever the earlier outcome: a receiver may ask again. 403
   * FORBIDDEN_SCOPE for an event the key does not read.
   */
  async redeliver(biz: BusinessContext, webhookId: string, deliveryId: string): Promise<DeliveryJson> {
    const delivery = await this.uow.run((tx) => this.requeue(tx, biz, webhookId, deliveryId));
    this.dispatcher.wake();
    return delivery;
  }

  private async requeue(tx: Tx, biz: BusinessContext, webhookId: string, deliveryId: string): Promise<DeliveryJson> {
    const businessId = biz.id;
    const current = await this.lockDelivery(tx, businessId, webhookId, deliveryId);
    if (!current) throw DomainError.notFound('Delivery');
    // a redelivery sends the event's data again; a webhook subscribed before the event scopes existed may hold events this key does not read
    assertReadsEvents(biz.scopes, [current.event]);
    if (!current.webhook!.isActive) throw new DomainError('INVALID_STATUS_TRANSITION', 'The webhook is inactive: activate it before redelivering');
    if (current.status === 'delivering') throw new DomainError('INVALID_STATUS_TRANSITION', 'The delivery is being attempted right now');
    const repo = tx.getRepository(WebhookDelivery);
    // the row is locked, so its attempts count cannot move before this update
    await repo.update(
      { businessId, id: deliveryId },
      { status: 'pending', attemptLimit: current.attempts + this.config.webhookMaxAttempts, nextAttemptAt: () => 'now()', updatedAt: () => 'now()' },
    );
    tx.recordActivity(
      activityOf(
        biz,
        'webhooks.redeliver',
        { type: 'webhook_delivery', id: deliveryId, label: `${current.event} to ${current.webhook!.url}` },
        changesBetween({ status: current.status }, { status: 'pending' }),
      ),
    );
    return toDeliveryJson(await repo.findOneByOrFail({ businessId, id: deliveryId }));
  }

  /** The delivery with its webhook, the delivery row locked: no dispatcher pass claims it meanwhile. */
  private lockDelivery(tx: Tx, businessId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    return tx
      .getRepository(WebhookDelivery)
      .createQueryBuilder('d')
      .innerJoinAndSelect('d.webhook', 'w')
      .where('d.businessId = :businessId AND d.webhookId = :webhookId AND d.id = :deliveryId', { businessId, webhookId, deliveryId })
      .setLock('pessimistic_write', undefined, ['d'])
      .getOne();
  }
}
