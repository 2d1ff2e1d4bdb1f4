import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { findInBusiness } from '../../database/find-in-business';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { OutboxDispatcher } from './delivery/outbox-dispatcher';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { DeliveryJson, DeliveryRow, toDeliveryJson } from './webhooks.mapper';

const COLUMNS = 'id, webhook_id, event_id, event, status, attempts, next_attempt_at, response_code, duration_ms, error, created_at, updated_at';

/** The delivery log of a webhook and manual redelivery (CONTRACT.md 10). */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
    private readonly dispatcher: OutboxDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Newest first. */
  async list(biz: BusinessContext, webhookId: string, query: ListDeliveriesQuery): Promise<Paged<DeliveryJson>> {
    await findInBusiness(this.dataSource, 'webhooks', biz.id, webhookId, { notFound: 'Webhook' });
    const page = pageRequest(query);
    const rows: (DeliveryRow & { total: number })[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM webhook_deliveries
        WHERE business_id = $1 AND webhook_id = $2 AND ($3::text IS NULL OR status = $3)
        ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`,
      [biz.id, webhookId, query.status ?? null, page.limit, page.offset],
    );
    const total = rows[0]?.total ?? (page.offset > 0 ? await this.count(biz.id, webhookId, query.status) : 0);
    return new Paged(rows.map(toDeliveryJson), total, page);
  }

  /**
   * Queues a new attempt now, with a fresh allowance of WEBHOOK_MAX_ATTEMPTS; the attempt runs in
   * the background like any delivery. Whatever the earlier outcome: a receiver may ask again.
   */
  async redeliver(biz: BusinessContext, webhookId: string, deliveryId: string): Promise<DeliveryJson> {
    const delivery = await this.uow.run((tx) => this.requeue(tx, biz.id, webhookId, deliveryId));
    this.dispatcher.wake();
    return delivery;
  }

  private async requeue(tx: Tx, businessId: string, webhookId: string, deliveryId: string): Promise<DeliveryJson> {
    const current = await tx.one<DeliveryRow & { is_active: boolean }>(
      `SELECT d.status, w.is_active FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.business_id = $1 AND d.webhook_id = $2 AND d.id = $3
        FOR UPDATE OF d`,
      [businessId, webhookId, deliveryId],
    );
    if (!current) throw DomainError.notFound('Delivery');
    if (!current.is_active) throw new DomainError('INVALID_STATUS_TRANSITION', 'The webhook is inactive: activate it before redelivering');
    if (current.status === 'delivering') throw new DomainError('INVALID_STATUS_TRANSITION', 'The delivery is being attempted right now');
    const row = await tx.one<DeliveryRow>(
      `UPDATE webhook_deliveries SET status = 'pending', attempt_limit = attempts + $2, next_attempt_at = now(), updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [deliveryId, this.config.webhookMaxAttempts],
    );
    return toDeliveryJson(row!);
  }

  private async count(businessId: string, webhookId: string, status: string | undefined): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE business_id = $1 AND webhook_id = $2 AND ($3::text IS NULL OR status = $3)`,
      [businessId, webhookId, status ?? null],
    );
    return row.n;
  }
}
