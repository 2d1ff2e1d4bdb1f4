import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of an API key (revocation, deletion) or of a business notifies channel
 * `api_keys_changed` at commit: the key's hash, or `*` for a business (its name, currency or time
 * zone travel with its keys). Processes that cache key lookups (ApiKeyLookupStore) LISTEN and drop
 * the entry, whichever process or tool made the change.
 */
export class ApiKeyChangeNotifications1763800015000 implements MigrationInterface {
  name = 'ApiKeyChangeNotifications1763800015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('api_keys_changed', OLD.key_hash);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER api_keys_changed AFTER UPDATE OR DELETE ON api_keys
        FOR EACH ROW EXECUTE FUNCTION notify_api_key_changed()`);
    await q.query(`
      CREATE FUNCTION notify_businesses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('api_keys_changed', '*');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER businesses_changed AFTER UPDATE OR DELETE ON businesses
        FOR EACH STATEMENT EXECUTE FUNCTION notify_businesses_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER businesses_changed ON businesses`);
    await q.query(`DROP FUNCTION notify_businesses_changed()`);
    await q.query(`DROP TRIGGER api_keys_changed ON api_keys`);
    await q.query(`DROP FUNCTION notify_api_key_changed()`);
  }
}
