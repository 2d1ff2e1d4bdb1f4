import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotent replays send back the body the first request got, byte for byte: `json` keeps the
 * text as stored, where `jsonb` would reorder the keys.
 */
export class Orders1763800002000 implements MigrationInterface {
  name = 'Orders1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE json USING response_body::json`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb`);
  }
}
