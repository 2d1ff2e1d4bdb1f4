/**
 * SQL condition on pg_stat_activity for a session that waits for a row lock. On a plain PostgreSQL it
 * waits on a lock of its own (`Lock`). On a Citus coordinator the lock is taken on the worker that
 * holds the row's shard: there Citus's connection waits on `Lock`, while the coordinator's session
 * stays active, waiting for the worker's answer (`ClientRead`, as seen on Citus 13).
 */
export const WAITING_FOR_A_LOCK = process.env.TEST_CITUS_WORKERS
  ? `(wait_event_type = 'Lock' OR (state = 'active' AND wait_event = 'ClientRead'))`
  : `wait_event_type = 'Lock'`;
