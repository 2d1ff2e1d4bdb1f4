import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook registrations and their delivery log, plus the commit-order key of the events feed.
 *
 * `outbox_events.xact_id` is the id of the transaction that wrote the event. `seq` alone is not a
 * safe cursor: a transaction can take a lower seq and commit after a higher one was already read,
 * so a poller paging by seq would skip it. Paging by (xact_id, seq) and only returning rows whose
 * transaction is older than every transaction still running in this database never skips one.
 *
 * One delivery row per (webhook, event). A row is claimable when its status is pending or
 * delivering and next_attempt_at has passed: for delivering it is the lease of the process doing
 * the attempt, so an attempt cut off by a crash is picked up again once the lease runs out.
 */
export class Webhooks1763800003000 implements MigrationInterface {
  name = 'Webhooks1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE outbox_events ADD COLUMN xact_id xid8 NOT NULL DEFAULT pg_current_xact_id();
      CREATE INDEX outbox_events_business_feed_idx ON outbox_events (business_id, xact_id, seq);
      CREATE INDEX outbox_events_created_idx ON outbox_events (created_at);

      CREATE TABLE webhooks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL REFERENCES businesses(id),
        url text NOT NULL,
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        secret text,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhooks_business_idx ON webhooks (business_id, created_at DESC);

      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'delivering', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        attempt_limit integer NOT NULL,
        next_attempt_at timestamptz,
        response_code integer,
        duration_ms integer,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX webhook_deliveries_webhook_event_uq ON webhook_deliveries (webhook_id, event_id);
      CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (business_id, webhook_id, created_at DESC);
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (webhook_id, next_attempt_at) WHERE status IN ('pending', 'delivering');
      CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS webhook_deliveries, webhooks;
      DROP INDEX IF EXISTS outbox_events_created_idx;
      DROP INDEX IF EXISTS outbox_events_business_feed_idx;
      ALTER TABLE outbox_events DROP COLUMN IF EXISTS xact_id;
    `);
  }
}
