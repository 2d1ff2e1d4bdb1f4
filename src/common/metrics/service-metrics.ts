import Decimal from 'decimal.js';
import { Counter } from 'prom-client';
import { dec } from '../money/money';
import { metricsRegistry } from './registry';

/**
 * The service's own counters (docs/operations.md, "Metrics"). Their labels are closed sets the code
 * decides (an outcome, an ISO 4217 currency), never an id, an email, a key or a client's text.
 */

const DELIVERY_OUTCOMES = ['succeeded', 'retrying', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: succeeded, retrying (failed, another attempt is due), failed (no attempt left)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
for (const outcome of DELIVERY_OUTCOMES) webhookDeliveries.labels(outcome).inc(0);

export function countWebhookDelivery(outcome: DeliveryOutcome): void {
  webhookDeliveries.labels(outcome).inc();
}

const MAIL_OUTCOMES = ['sent', 'retrying', 'failed'] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

const mailDeliveries = new Counter({
  name: 'mail_deliveries_total',
  help: 'Invoice mail attempts by outcome: sent, retrying (failed, another attempt is due), failed (no attempt left)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
for (const outcome of MAIL_OUTCOMES) mailDeliveries.labels(outcome).inc(0);

export function countMailDelivery(outcome: MailOutcome): void {
  mailDeliveries.labels(outcome).inc();
}

/**
 * Staff sign-ins by outcome (POST /auth/sign-in, docs/api.md 19): a session started, or a wrong
 * password or two-factor code (a throttled attempt is not a sign-in: it is answered 429 unverified).
 */
const SIGN_IN_OUTCOMES = ['succeeded', 'refused'] as const;
const signIns = new Counter({
  name: 'sign_ins_total',
  help: 'Staff sign-ins by outcome (succeeded, refused)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
for (const outcome of SIGN_IN_OUTCOMES) signIns.labels(outcome).inc(0);

export function countSignIn(outcome: (typeof SIGN_IN_OUTCOMES)[number]): void {
  signIns.labels(outcome).inc();
}

const orders = new Counter({
  name: 'orders_total',
  help: 'Orders created (committed) by this process, by the business currency',
  labelNames: ['currency'] as const,
  registers: [metricsRegistry],
});

/** Summed exactly; a float only when scraped (a sum of floats would drift from the orders' cents). */
const amounts = new Map<string, Decimal>();

new Counter({
  name: 'orders_amount_total',
  help: 'Sum of the totals of the orders created by this process, in units of the label currency',
  labelNames: ['currency'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [currency, sum] of amounts) this.labels(currency).inc(sum.toNumber());
  },
});

/** An order committed: `currency` is the business's ISO 4217 code, `total` its exact decimal total. */
export function countOrder(currency: string, total: string): void {
  orders.labels(currency).inc();
  amounts.set(currency, (amounts.get(currency) ?? dec(0)).plus(total));
}
