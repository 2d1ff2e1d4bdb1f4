import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
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

  async create(biz: BusinessContext, dto: CreateWebhookDto): Promise<WebhookJson> {
    this.checkUrl(dto.url);
    return this.uow.run((tx) => this.insert(tx, biz.id, dto));
  }

  async update(biz: BusinessContext, id: string, dto: UpdateWebhookDto): Promise<WebhookJson> {
    if (dto.url !== undefined) this.checkUrl(dto.url);
    return this.uow.run((tx) => this.patch(tx, biz.id, id, dto));
  }

  /** Removes the webhook and its delivery log; deliveries not yet made are dropped with it. */
  async remove(biz: BusinessContext, id: string): Promise<void> {
    await this.uow.run((tx) => this.delete(tx, biz.id, id));
  }

  private checkUrl(url: string): void {
    const refusal = refuseWebhookUrl(url, this.config.webhookAllowInsecure);
    if (refusal) throw DomainError.validation('url', refusal);
  }

  private async insert(tx: Tx, businessId: string, dto: CreateWebhookDto): Promise<WebhookJson> {
    const repo = tx.getRepository(Webhook);
    return toWebhookJson(await repo.save(repo.create({ businessId, url: dto.url, events: dto.events, secret: dto.secret ?? null })));
  }

  /** Only the fields sent change; `secret: null` removes the secret. */
  private async patch(tx: Tx, businessId: string, id: string, dto: UpdateWebhookDto): Promise<WebhookJson> {
    const changes = presentFields<UpdateWebhookDto, Webhook>(dto, { is_active: 'isActive', url: 'url', events: 'events', secret: 'secret' });
    return toWebhookJson(await updateInBusiness(tx.getRepository(Webhook), businessId, id, changes, 'Webhook'));
  }

  private async delete(tx: Tx, businessId: string, id: string): Promise<void> {
    const result = await tx.getRepository(Webhook).delete({ businessId, id });
    if (result.affected === 0) throw DomainError.notFound('Webhook');
  }
}
