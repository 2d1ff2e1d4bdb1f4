import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { findInBusiness } from '../../database/find-in-business';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { refuseWebhookUrl } from './url-policy';
import { toWebhookJson, WebhookJson, WebhookRow } from './webhooks.mapper';

const COLUMNS = 'id, url, events, secret, is_active, created_at, updated_at';

/** Webhook registrations of a business (CONTRACT.md 10). Another business's webhook is NOT_FOUND. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Newest first. */
  async list(biz: BusinessContext): Promise<WebhookJson[]> {
    const rows: WebhookRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM webhooks WHERE business_id = $1 ORDER BY created_at DESC, id`,
      [biz.id],
    );
    return rows.map(toWebhookJson);
  }

  async get(biz: BusinessContext, id: string): Promise<WebhookJson> {
    const row = await findInBusiness<WebhookRow>(this.dataSource, 'webhooks', biz.id, id, { columns: COLUMNS, notFound: 'Webhook' });
    return toWebhookJson(row);
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
    const row = await tx.one<WebhookRow>(
      `INSERT INTO webhooks (business_id, url, events, secret) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [businessId, dto.url, dto.events, dto.secret ?? null],
    );
    return toWebhookJson(row!);
  }

  private async patch(tx: Tx, businessId: string, id: string, dto: UpdateWebhookDto): Promise<WebhookJson> {
    const row = await tx.one<WebhookRow>(
      `UPDATE webhooks SET
         is_active = coalesce($3, is_active),
         url = coalesce($4, url),
         events = coalesce($5, events),
         secret = CASE WHEN $6 THEN $7 ELSE secret END,
         updated_at = now()
       WHERE business_id = $1 AND id = $2
       RETURNING ${COLUMNS}`,
      [businessId, id, dto.is_active ?? null, dto.url ?? null, dto.events ?? null, dto.secret !== undefined, dto.secret ?? null],
    );
    if (!row) throw DomainError.notFound('Webhook');
    return toWebhookJson(row);
  }

  private async delete(tx: Tx, businessId: string, id: string): Promise<void> {
    const row = await tx.one(`DELETE FROM webhooks WHERE business_id = $1 AND id = $2 RETURNING id`, [businessId, id]);
    if (!row) throw DomainError.notFound('Webhook');
  }
}
