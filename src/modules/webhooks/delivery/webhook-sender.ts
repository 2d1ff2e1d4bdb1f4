import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Agent as HttpAgent } from 'http';
import { Agent as HttpsAgent } from 'https';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { toEventEnvelope } from '../../events/event-envelope';
import { buildDeliveryRequest } from '../signature';
import { refuseWebhookUrl } from '../url-policy';
import { AttemptOutcome, describeTransportError, DESTINATION_NOT_ALLOWED, outcomeOfResponse } from './delivery-policy';
import { ClaimedDelivery } from './delivery-store';
import { guardedLookup } from './guarded-lookup';

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One HTTP attempt of a delivery. Never throws: every result, answer or not, is an outcome.
 * The URL is checked again (a webhook registered while insecure URLs were allowed is refused once
 * they are not), names are resolved through a lookup that refuses non-public addresses, redirects
 * are not followed, proxies from the environment are ignored, and the whole attempt, connection
 * included, is cut off at WEBHOOK_TIMEOUT_MS.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly httpAgent: HttpAgent;
  private readonly httpsAgent: HttpsAgent;
  private readonly logger = new Logger('WebhookSender');

  constructor(
    private readonly http: HttpService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const lookup = config.webhookAllowInsecure ? undefined : guardedLookup();
    this.httpAgent = new HttpAgent({ keepAlive: true, lookup });
    this.httpsAgent = new HttpsAgent({ keepAlive: true, lookup });
  }

  async send(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    const refusal = this.refusal(delivery);
    if (refusal) return { ok: false, responseCode: null, durationMs: 0, error: refusal };
    const { body, headers } = buildDeliveryRequest(toEventEnvelope(delivery.event!), delivery.secret, new Date());
    const timeoutMs = this.config.webhookTimeoutMs;
    const started = process.hrtime.bigint();
    const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
    try {
      const response = await this.http.axiosRef.post(delivery.url, body, {
        headers,
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
        maxRedirects: 0,
        proxy: false,
        httpAgent: this.httpAgent,
        httpsAgent: this.httpsAgent,
        transformRequest: [(data: string) => data],
        responseType: 'text',
        maxContentLength: MAX_RESPONSE_BYTES,
        validateStatus: () => true,
      });
      return outcomeOfResponse(response.status, elapsed());
    } catch (err) {
      const error = describeTransportError(err as never, timeoutMs);
      if (error === DESTINATION_NOT_ALLOWED) this.logRefusal(delivery, err instanceof Error ? err.message : String(err));
      return { ok: false, responseCode: null, durationMs: elapsed(), error };
    }
  }

  private refusal(delivery: ClaimedDelivery): string | null {
    if (!delivery.is_active) return 'webhook is inactive';
    if (!delivery.event) return 'event is no longer available';
    const refused = refuseWebhookUrl(delivery.url, this.config.webhookAllowInsecure);
    if (!refused) return null;
    this.logRefusal(delivery, refused);
    return DESTINATION_NOT_ALLOWED;
  }

  /** The detail the tenant does not see: which name, which address, which rule. */
  private logRefusal(delivery: ClaimedDelivery, detail: string): void {
    this.logger.warn({ msg: 'webhook destination refused', webhook_id: delivery.webhook_id, delivery_id: delivery.id, url: delivery.url, detail });
  }

  /** After the dispatcher has let its in-flight deliveries finish (beforeApplicationShutdown). */
  onApplicationShutdown(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
