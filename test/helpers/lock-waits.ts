/**
 * SQL condition on pg_stat_activity for a session that waits for a row lock. On a plain PostgreSQL it
 * waits on a lock of its own (`Lock`); on a Citus coordinator it waits for the worker that holds the
 * row's shard (wait event type `Extension`, Citus's own), where Citus's connection waits on the lock.
 */
export const WAITING_FOR_A_LOCK = process.env.TEST_CITUS_WORKERS
  ? `(wait_event_type = 'Lock' OR (state = 'active' AND wait_event_type = 'Extension'))`
  : `wait_event_type = 'Lock'`;
