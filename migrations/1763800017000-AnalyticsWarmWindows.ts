import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * analytics_warm_windows: the window lengths of /analytics/customers that a request had to build
 * (besides the 1, 7, 30 and 365 days always warmed), so that the background warm-up builds their
 * customer snapshot every day from then on.
 */
export class AnalyticsWarmWindows1763800017000 implements MigrationInterface {
  name = 'AnalyticsWarmWindows1763800017000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE analytics_warm_windows (
        business_id uuid NOT NULL,
        days integer NOT NULL,
        last_built_at timestamptz NOT NULL,
        CONSTRAINT analytics_warm_windows_pkey PRIMARY KEY (business_id, days)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE analytics_warm_windows`);
  }
}
