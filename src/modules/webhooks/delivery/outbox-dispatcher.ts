import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { SpanStatusCode } from '@opentelemetry/api';
import { countWebhookDelivery } from '../../../common/metrics/service-metrics';
import { inLinkedSpan } from '../../../common/tracing/trace-context';
import { nextStep } from './delivery-policy';
import { ClaimedDelivery, DeliveryStore, SettledAttempt } from './delivery-store';
import { WebhookSender } from './webhook-sender';

const FAN_OUT_BATCH = 200;
const PURGE_EVERY_MS = 60 * 60 * 1000;
// A claimed delivery is re-claimable after its lease: long enough that a live process always
// finishes first (the attempt itself is cut off at the timeout).
const LEASE_MARGIN_MS = 30_000;

/**
 * Drains the outbox into webhook deliveries and makes them, in the background.
 *
 * Woken after each commit that recorded events, and by a periodic poll that finds what no local
 * commit announced: events committed by another process, events left by a crash, retries that
 * came due. One pass runs at a time (wakes during a pass coalesce into one more); a pass fans new
 * events out, then in ONE statement records the attempts finished since the last pass and claims
 * due deliveries for the free slots. The HTTP attempts run concurrently, up to WEBHOOK_CONCURRENCY
 * in this process and a quarter of that per webhook, and hold no database connection while they
 * wait on a receiver.
 */
@Injectable()
export class OutboxDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly perWebhook: number;
  private readonly leaseMs: number;
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private eventsWaiting = false;
  private lastPurge = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly busy = new Map<string, number>();
  private finished: SettledAttempt[] = [];

  constructor(
    private readonly store: DeliveryStore,
    private readonly sender: WebhookSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.perWebhook = Math.max(1, Math.ceil(config.webhookConcurrency / 4));
    this.leaseMs = config.webhookTimeoutMs + LEASE_MARGIN_MS;
  }

  onApplicationBootstrap(): void {
    if (!this.config.webhookDispatcher) return;
    this.stopped = false;
    if (this.config.webhookDispatchIntervalMs > 0) {
      this.timer = setInterval(() => this.wake(true), this.config.webhookDispatchIntervalMs);
      this.timer.unref();
    }
    this.wake(true); // whatever a previous run left in the outbox
  }

  /**
   * Stop polling and claiming; deliveries under way finish or time out and their outcomes are
   * written. Undelivered events stay in the outbox, unclaimed deliveries stay pending.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
    await Promise.allSettled([...this.inFlight]);
    await this.settle(0).catch((err: Error) => this.logger.error({ msg: 'recording webhook outcomes at shutdown failed', error: err?.message ?? String(err) }));
  }

  /** `events`: new outbox rows may exist. Without it, only finished and due deliveries are looked at. */
  wake(events = false): void {
    if (this.stopped) return;
    if (events) this.eventsWaiting = true;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: Error) => this.logger.error({ msg: 'webhook dispatch failed', error: err?.message ?? String(err) }))
      .finally(() => {
        this.draining = null;
        if (this.drainAgain) {
          this.drainAgain = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    while (this.eventsWaiting && !this.stopped) {
      this.eventsWaiting = false;
      const claimed = await this.store.fanOut(FAN_OUT_BATCH, this.config.webhookMaxAttempts);
      if (claimed === FAN_OUT_BATCH) this.eventsWaiting = true;
    }
    const claimed = await this.settle(this.stopped ? 0 : this.config.webhookConcurrency - this.inFlight.size);
    for (const delivery of claimed) this.launch(delivery);
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS && !this.stopped) {
      this.lastPurge = Date.now();
      await this.store.purgeExpired();
    }
  }

  /** Writes the finished attempts and claims up to `free` due deliveries; on failure the outcomes wait for the next pass. */
  private async settle(free: number): Promise<ClaimedDelivery[]> {
    if (free <= 0 && this.finished.length === 0) return [];
    const outcomes = this.finished;
    this.finished = [];
    try {
      return await this.store.settleAndClaim(outcomes, Math.max(0, free), this.perWebhook, this.busy, this.leaseMs);
    } catch (err) {
      this.finished.unshift(...outcomes);
      throw err;
    }
  }

  private launch(delivery: ClaimedDelivery): void {
    this.busy.set(delivery.webhook_id, (this.busy.get(delivery.webhook_id) ?? 0) + 1);
    const attempt = this.attempt(delivery)
      .catch((err: Error) => this.logger.error({ msg: 'webhook delivery attempt failed', delivery_id: delivery.id, error: err?.message ?? String(err) }))
      .finally(() => {
        this.inFlight.delete(attempt);
        const left = (this.busy.get(delivery.webhook_id) ?? 1) - 1;
        if (left > 0) this.busy.set(delivery.webhook_id, left);
        else this.busy.delete(delivery.webhook_id);
        this.wake();
      });
    this.inFlight.add(attempt);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { outcome, next } = await inLinkedSpan('webhook delivery', delivery.trace_parent, async (span) => {
      span.setAttributes({ 'webhook.event': delivery.event?.type ?? 'unknown', 'webhook.attempt': delivery.attempts });
      const outcome = await this.sender.send(delivery);
      const next = nextStep(outcome, delivery.attempts, delivery.attempt_limit);
      span.setAttribute('webhook.outcome', next.status);
      if (!outcome.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error ?? undefined });
      return { outcome, next };
    });
    this.finished.push({ delivery, outcome, next });
    countWebhookDelivery(next.status === 'pending' ? 'retrying' : next.status);
    if (outcome.ok) return;
    this.logger.warn({
      msg: next.status === 'pending' ? 'webhook delivery failed, will retry' : 'webhook delivery failed',
      delivery_id: delivery.id,
      webhook_id: delivery.webhook_id,
      event: delivery.event?.type,
      event_id: delivery.event?.id,
      attempt: delivery.attempts,
      response_code: outcome.responseCode,
      error: outcome.error,
      retry_in_ms: next.retryInMs,
    });
  }
}
