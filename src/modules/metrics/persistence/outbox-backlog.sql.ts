import { defineStatement } from '../../../database/statement';

export interface OutboxBacklogRow {
  outbox: 'events' | 'mail';
  backlog: number;
  oldest_age_seconds: number | null;
}

/**
 * Both outboxes' backlogs at a scrape: events not yet fanned out to webhook deliveries, mails
 * pending or being sent. Each is read from its partial index (outbox_events_pending_idx,
 * invoice_emails_due_idx), which holds only the backlog's rows, so a scrape costs what the backlog
 * is, not what the tables hold. Across businesses on purpose: it is the process's work queue, and
 * it leaves the database as counts only. Planned per run: on the empty tables of a start the
 * planner would keep scans of them.
 */
export const readOutboxBacklog = defineStatement<[], OutboxBacklogRow>(
  'metrics.outboxBacklog',
  `SELECT 'events' AS outbox, count(*)::int AS backlog, extract(epoch FROM now() - min(o.created_at))::float8 AS oldest_age_seconds
     FROM outbox_events o WHERE o.dispatched_at IS NULL
   UNION ALL
   SELECT 'mail', count(*)::int, extract(epoch FROM now() - min(m.created_at))::float8
     FROM invoice_emails m WHERE m.status IN ('pending', 'sending')`,
  { plannedPerRun: true },
);
