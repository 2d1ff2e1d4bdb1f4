import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trace context (a W3C traceparent) of the request that wrote an outbox row, so that the span of
 * its webhook or mail delivery links to that request (docs/operations.md, "Traces"). Nullable, no
 * default, no key: adding it rewrites nothing, and on Citus the ALTER is propagated to every shard.
 * invoice_emails' line is generated; outbox_events' is written by hand, as that entity is not
 * synchronized (its xid8 column, see OutboxEvent), in the generator's form.
 */
export class TraceParents1795874906699 implements MigrationInterface {
  name = 'TraceParents1795874906699';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoice_emails" ADD "trace_parent" text`);
    await queryRunner.query(`ALTER TABLE "outbox_events" ADD "trace_parent" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "trace_parent"`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP COLUMN "trace_parent"`);
  }
}
