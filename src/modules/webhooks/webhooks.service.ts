import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { assertReadsEvents, readsEveryEvent } from '../../common/events/event-scopes';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { findInBusiness, presentFields, updateInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { Webhook } from './entities/webhook.entity';
import { refuseWebhookUrl } from './url-policy';
import { toWebhookJson, WebhookJson } from './webhooks.mapper';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { ListWebhooksQuery } from './dto/list-webhooks.query';

/** Webhook registrations of a business. Another business's webhook is NOT_FOUND. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(Webhook) private readonly webhooks: Repository<Webhook>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Newest first. */
  async list(biz: BusinessContext, query: ListWebhooksQuery): Promise<Paged<WebhookJson>> {
    const page = await BusinessQuery.of(this.webhooks, 'w', biz.id).orderBy({ 'w.createdAt': 'DESC', 'w.id': 'ASC' }).page(pageRequest(query));
    return page.map(toWebhookJson);
  }

  async get(biz: BusinessContext, id: string): Promise<WebhookJson> {
    return toWebhookJson(await findInBusiness(this.webhooks, biz.id, id, 'Webhook'));
  }

  /** 403 FORBIDDEN_SCOPE for an event the key does not read (docs/api.md 10). */
  async create(biz: BusinessContext, dto: CreateWebhookDto): Promise<WebhookJson> {
    assertReadsEvents(biz.scopes, dto.events);
    this.checkUrl(dto.url);
    return this.uow.run((tx) => this.insert(tx, biz, dto));
  }

  /**
   * The key must read every event the webhook sends once changed, whatever the change: pointing at
   * another url, or enabling, a webhook subscribed to events it does not read would hand it them.
   */
  async update(biz: BusinessContext, id: string, dto: UpdateWebhookDto): Promise<WebhookJson> {
    if (dto.events !== undefined) assertReadsEvents(biz.scopes, dto.events);
    if (dto.url !== undefined) this.checkUrl(dto.url);
    return this.uow.run(async (tx) => {
      if (dto.events === undefined && !readsEveryEvent(biz.scopes)) {
        assertReadsEvents(biz.scopes, (await this.lockWebhook(tx, biz.id, id)).events);
      }
      return this.patch(tx, biz, id, dto);
    });
  }

  /** Removes the webhook and its delivery log; deliveries not yet made are dropped with it. */
  async remove(biz: BusinessContext, id: string): Promise<void> {
    await this.uow.run((tx) => this.delete(tx, biz, id));
  }

  private checkUrl(url: string): void {
    const refusal = refuseWebhookUrl(url, this.config.webhookAllowInsecure);
    if (refusal) throw DomainError.validation('url', refusal);
  }

  private async insert(tx: Tx, biz: BusinessContext, dto: CreateWebhookDto): Promise<WebhookJson> {
    const repo = tx.getRepository(Webhook);
    const json = toWebhookJson(await repo.save(repo.create({ businessId: biz.id, url: dto.url, events: dto.events, secret: dto.secret ?? null })));
    tx.recordActivity(activityOf(biz, 'webhooks.create', webhookResource(json)));
    return json;
  }

  /** Only the fields sent change; `secret: null` removes the secret. */
  private async patch(tx: Tx, biz: BusinessContext, id: string, dto: UpdateWebhookDto): Promise<WebhookJson> {
    const repo = tx.getRepository(Webhook);
    const before = toWebhookJson(await findInBusiness(repo, biz.id, id, 'Webhook'));
    const changes = presentFields<UpdateWebhookDto, Webhook>(dto, { is_active: 'isActive', url: 'url', events: 'events', secret: 'secret' });
    const after = toWebhookJson(await updateInBusiness(repo, biz.id, id, changes, 'Webhook'));
    // the secret itself is never shown: its change is the mapper's has_secret, if any
    tx.recordActivity(activityOf(biz, 'webhooks.update', webhookResource(after), changesBetween(before, after)));
    return after;
  }

  /** The webhook, locked: its events cannot change between the check and the update. */
  private async lockWebhook(tx: Tx, businessId: string, id: string): Promise<Webhook> {
    const webhook = await tx.getRepository(Webhook).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
    if (!webhook) throw DomainError.notFound('Webhook');
    return webhook;
  }

  private async delete(tx: Tx, biz: BusinessContext, id: string): Promise<void> {
    const webhook = await tx.getRepository(Webhook).findOne({ where: { businessId: biz.id, id }, lock: { mode: 'pessimistic_write' } });
    if (!webhook) throw DomainError.notFound('Webhook');
    await tx.getRepository(Webhook).delete({ businessId: biz.id, id });
    tx.recordActivity(activityOf(biz, 'webhooks.delete', webhookResource(toWebhookJson(webhook))));
  }
}

function webhookResource(webhook: WebhookJson) {
  return { type: 'webhook', id: webhook.id, label: webhook.url };
}
