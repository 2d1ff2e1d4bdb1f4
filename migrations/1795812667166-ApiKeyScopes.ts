import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/api.md 18: a key's name, its scopes (every existing key becomes `admin`) and when it was last
 * used. The change notification of ApiKeyChangeNotifications1763800015000 now skips an update that
 * changes nothing but `last_used_at`: the usage recorder writes it about once a minute per key, and
 * that must not empty every process's cache of the key.
 */
export class ApiKeyScopes1795812667166 implements MigrationInterface {
  name = 'ApiKeyScopes1795812667166';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" ADD "name" text NOT NULL DEFAULT 'API key'`);
    await queryRunner.query(`ALTER TABLE "api_keys" ADD "scopes" text array NOT NULL DEFAULT '{admin}'`);
    await queryRunner.query(`ALTER TABLE "api_keys" ADD "last_used_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_not_empty" CHECK (cardinality(scopes) > 0)`);
    await queryRunner.query(`DROP TRIGGER api_keys_changed ON api_keys`);
    await queryRunner.query(`
      CREATE TRIGGER api_keys_changed AFTER UPDATE ON api_keys
        FOR EACH ROW WHEN (to_jsonb(OLD) - 'last_used_at' IS DISTINCT FROM to_jsonb(NEW) - 'last_used_at')
        EXECUTE FUNCTION notify_api_key_changed()`);
    await queryRunner.query(`CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_api_key_changed()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER api_keys_deleted ON api_keys`);
    await queryRunner.query(`DROP TRIGGER api_keys_changed ON api_keys`);
    await queryRunner.query(`CREATE TRIGGER api_keys_changed AFTER UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_api_key_changed()`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_scopes_not_empty"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "last_used_at"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "scopes"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "name"`);
  }
}
