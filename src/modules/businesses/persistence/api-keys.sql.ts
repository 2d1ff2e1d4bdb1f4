import { BusinessContext } from '../../../common/auth/business-context';
import { defineStatement } from '../../../database/statement';

/**
 * The business of the active key whose hash is $1: on every authenticated request, so one indexed
 * statement, prepared once per connection. Unknown and revoked keys both find no row.
 */
export const findActiveApiKey = defineStatement<[keyHash: string], BusinessContext>(
  'businesses.findActiveApiKey',
  `SELECT b.id, b.name, b.currency, b.timezone, k.id AS "keyId", k.name AS "keyName", k.scopes
         FROM api_keys k JOIN businesses b ON b.id = k.business_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
);

/**
 * The channel every change of a key or a business notifies (migration ApiKeyChangeNotifications): the
 * key's hash, or `*` for all. LISTEN cannot be prepared, so this is plain text for a dedicated client.
 */
export const LISTEN_API_KEY_CHANGES = 'LISTEN api_keys_changed';
export const ALL_API_KEYS = '*';
