/**
 * SQL condition on pg_stat_activity for a session that waits for a row lock. On a plain PostgreSQL it
 * waits on a lock of its own (`Lock`). On a Citus coordinator the lock is taken on the worker that
 * holds the row's shard: there Citus's connection waits on `Lock`, while the coordinator's session
 * stays active, waiting for the worker's answer. Seen on Citus 13: a statement Citus routes whole
 * waits in `ClientRead`, one it runs part by part (CTEs with an INSERT) in Citus's own `Extension`.
 */
export const WAITING_FOR_A_LOCK = process.env.TEST_CITUS_WORKERS
  ? `(wait_event_type = 'Lock' OR (state = 'active' AND (wait_event = 'ClientRead' OR wait_event_type = 'Extension')))`
  : `wait_event_type = 'Lock'`;
