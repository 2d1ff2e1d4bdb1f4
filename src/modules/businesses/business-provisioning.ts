import { EntityManager, IsNull } from 'typeorm';
import { API_KEY_PREFIX, generateApiKey, hashApiKey } from '../../common/auth/api-key';
import { ADMIN_SCOPE, Scope } from '../../common/auth/scopes';
import { DomainError } from '../../common/errors/domain-error';
import { ISO_4217_CURRENCIES } from '../../common/money/currencies';
import { isRuntimeTimeZone } from '../../common/time/local-date';
import { Tx } from '../../database/transaction';
import { isKnownTimezone } from './persistence/timezones.sql';
import { Warehouse } from '../warehouses/entities/warehouse.entity';
import { DEFAULT_KEY_NAME, keyNameProblem, scopeListProblem } from './api-key-rules';
import { ApiKey } from './entities/api-key.entity';
import { BusinessCounter } from './entities/business-counter.entity';
import { Business } from './entities/business.entity';

/**
 * Where provisioning gets its repositories: the EntityManager of a transaction (the CLI's
 * `dataSource.transaction`), a Tx, or the DataSource itself for a single statement.
 */
export type Repositories = Pick<EntityManager, 'getRepository'>;

export interface NewBusiness {
  name: string;
  currency?: string;
  timezone?: string;
}

export interface ProvisionedBusiness {
  business_id: string;
  name: string;
  key_id: string;
  api_key: string;
  warehouse_id: string;
}

export const COUNTERS = ['sale', 'invoice', 'sku', 'return', 'credit_note', 'purchase_order', 'receipt', 'transfer', 'stock_count'] as const;

/** A name, an ISO 4217 currency in circulation and a time zone both PostgreSQL and the runtime know by that name. */
async function assertValidBusiness(db: EntityManager, input: NewBusiness): Promise<{ name: string; currency: string; timezone: string }> {
  const name = input.name?.trim();
  if (!name) throw DomainError.validation('name', 'name is required');
  const currency = (input.currency ?? 'USD').toUpperCase();
  if (!ISO_4217_CURRENCIES.has(currency)) throw DomainError.validation('currency', `currency must be an ISO 4217 code in circulation, not "${currency}"`);
  const timezone = input.timezone ?? 'UTC';
  const [{ known }] = await new Tx(db).run(isKnownTimezone, [timezone]);
  if (!known || !isRuntimeTimeZone(timezone)) {
    throw DomainError.validation('timezone', `timezone must be an IANA time zone known to both PostgreSQL and the ICU database, not "${timezone}"`);
  }
  return { name, currency, timezone };
}

/** A business, its default warehouse "Main", its number counters and a first API key: run it in one transaction. */
export async function provisionBusiness(db: EntityManager, input: NewBusiness): Promise<ProvisionedBusiness> {
  const { name, currency, timezone } = await assertValidBusiness(db, input);
  const business = await db.getRepository(Business).insert({ name, currency, timezone });
  const businessId = business.identifiers[0].id as string;
  const warehouse = await db.getRepository(Warehouse).insert({ businessId, name: 'Main', isDefault: true });
  await db.getRepository(BusinessCounter).insert(COUNTERS.map((counter) => ({ businessId, name: counter })));
  const key = await createApiKey(db, businessId, { name: 'Owner key', scopes: [ADMIN_SCOPE] });
  return { business_id: businessId, name, key_id: key.key_id, api_key: key.api_key, warehouse_id: warehouse.identifiers[0].id as string };
}

export interface NewApiKey {
  /** default `API key` */
  name?: string;
  /** default `admin` (docs/api.md 18: a key made without a scope list is `admin`) */
  scopes?: Scope[];
}

/**
 * A new key of the business; the key itself is returned once and only its hash is kept. Name and
 * scopes are checked here too (the CLI's flags and POST /api-keys share the rules).
 */
export async function createApiKey(db: Repositories, businessId: string, input: NewApiKey = {}): Promise<{ key_id: string; api_key: string }> {
  const name = (input.name ?? DEFAULT_KEY_NAME).trim();
  const nameProblem = keyNameProblem(name);
  if (nameProblem) throw DomainError.validation('name', nameProblem);
  const scopes = input.scopes ?? [ADMIN_SCOPE];
  const scopesProblem = scopeListProblem(scopes);
  if (scopesProblem) throw DomainError.validation('scopes', scopesProblem);
  if (!(await db.getRepository(Business).existsBy({ id: businessId }))) throw DomainError.notFound('Business');
  const apiKey = generateApiKey();
  const inserted = await db
    .getRepository(ApiKey)
    .insert({ businessId, name, scopes, keyHash: hashApiKey(apiKey), keyPrefix: apiKey.slice(0, API_KEY_PREFIX.length + 6) });
  return { key_id: inserted.identifiers[0].id as string, api_key: apiKey };
}

/**
 * Revoking twice keeps the first revocation time: only a key not yet revoked is written (not
 * `COALESCE(revoked_at, now())`, which Citus refuses: a function that is not immutable inside COALESCE).
 */
export async function revokeApiKey(db: Repositories, keyId: string): Promise<{ key_id: string; revoked: true }> {
  const keys = db.getRepository(ApiKey);
  const result = await keys.update({ id: keyId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  if (result.affected === 0 && !(await keys.existsBy({ id: keyId }))) throw DomainError.notFound('API key');
  return { key_id: keyId, revoked: true };
}
