import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * outbox_events_business_seq_idx (business_id, seq) served the events feed before it read in commit
 * order; the feed walks outbox_events_business_feed_idx (business_id, xact_id, seq) since
 * 1763800003000, and no statement reads (business_id, seq) any more (0 scans under orders, the
 * dispatcher and every kind of feed page). Each event paid for it twice: its insert and its fan-out's
 * update (not HOT: dispatched_at is in the pending index's predicate).
 */
export class DropOutboxBusinessSeqIndex1763800018000 implements MigrationInterface {
  name = 'DropOutboxBusinessSeqIndex1763800018000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS outbox_events_business_seq_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS outbox_events_business_seq_idx ON outbox_events (business_id, seq)`);
  }
}
