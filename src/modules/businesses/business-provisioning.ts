import { generateApiKey, hashApiKey, API_KEY_PREFIX } from '../../common/auth/api-key';
import { DomainError } from '../../common/errors/domain-error';
import { SqlRunner } from '../../database/sql-runner';

export interface NewBusiness {
  name: string;
  currency?: string;
  timezone?: string;
}

export interface ProvisionedBusiness {
  business_id: string;
  name: string;
  api_key: string;
  warehouse_id: string;
}

export const COUNTERS = ['sale', 'invoice', 'sku'] as const;

function assertValidBusiness(input: NewBusiness): { name: string; currency: string; timezone: string } {
  const name = input.name?.trim();
  if (!name) throw DomainError.validation('name', 'name is required');
  const currency = (input.currency ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw DomainError.validation('currency', 'currency must be an ISO 4217 code');
  const timezone = input.timezone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw DomainError.validation('timezone', 'timezone must be an IANA time zone');
  }
  return { name, currency, timezone };
}

/** A business, its default warehouse "Main", its number counters and a first API key (run in one transaction). */
export async function provisionBusiness(db: SqlRunner, input: NewBusiness): Promise<ProvisionedBusiness> {
  const { name, currency, timezone } = assertValidBusiness(input);
  const [business] = await db.query(
    `INSERT INTO businesses (name, currency, timezone) VALUES ($1, $2, $3) RETURNING id`,
    [name, currency, timezone],
  );
  const [warehouse] = await db.query(
    `INSERT INTO warehouses (business_id, name, is_default) VALUES ($1, 'Main', true) RETURNING id`,
    [business.id],
  );
  await db.query(
    `INSERT INTO business_counters (business_id, name) SELECT $1, unnest($2::text[])`,
    [business.id, COUNTERS as unknown as string[]],
  );
  const key = await createApiKey(db, business.id);
  return { business_id: business.id, name, api_key: key.api_key, warehouse_id: warehouse.id };
}

export async function createApiKey(db: SqlRunner, businessId: string): Promise<{ key_id: string; api_key: string }> {
  const exists = await db.query(`SELECT 1 FROM businesses WHERE id = $1`, [businessId]);
  if (exists.length === 0) throw DomainError.notFound('Business');
  const apiKey = generateApiKey();
  const [row] = await db.query(
    `INSERT INTO api_keys (business_id, key_hash, key_prefix) VALUES ($1, $2, $3) RETURNING id`,
    [businessId, hashApiKey(apiKey), apiKey.slice(0, API_KEY_PREFIX.length + 6)],
  );
  return { key_id: row.id, api_key: apiKey };
}

export async function revokeApiKey(db: SqlRunner, keyId: string): Promise<{ key_id: string; revoked: true }> {
  const rows = await db.query(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING id`,
    [keyId],
  );
  if (rows.length === 0) throw DomainError.notFound('API key');
  return { key_id: keyId, revoked: true };
}
