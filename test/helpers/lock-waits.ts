/**
 * SQL condition on pg_stat_activity for a session that waits for a row lock. On a plain PostgreSQL it
 * waits on a lock of its own (`Lock`). On a Citus coordinator the lock is taken on the worker that
 * holds the row's shard, where Citus's connection waits while the coordinator's session only waits
 * for the worker's answer; Citus's own wait graph (the one behind `citus_lock_waits`) names that
 * session by its global pid, whose pid part is the coordinator's backend. Guessing from the
 * coordinator's wait events instead (active in `ClientRead`) also matched statements merely running.
 */
export const WAITING_ON_PLAIN_POSTGRES = `wait_event_type = 'Lock'`;

/** The condition for the test database: a Citus coordinator's when CITUS=1 runs the suite. */
export const WAITING_FOR_A_LOCK = process.env.TEST_CITUS_WORKERS
  ? `(${WAITING_ON_PLAIN_POSTGRES} OR pid IN (SELECT citus_pid_for_gpid(waiting_global_pid) FROM citus_internal.global_blocked_processes()))`
  : WAITING_ON_PLAIN_POSTGRES;
