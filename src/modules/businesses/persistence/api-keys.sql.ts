import { BusinessContext } from '../../../common/auth/business-context';
import { defineStatement } from '../../../database/statement';

/**
 * The business of the active key whose hash is $1: on every authenticated request, so one indexed
 * statement, prepared once per connection. Unknown and revoked keys both find no row.
 */
export const findActiveApiKey = defineStatement<[keyHash: string], Omit<BusinessContext, 'actor'>>(
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

/**
 * The keys' last use, written in batches off the request path (ApiKeyUsage): `$1` key ids, `$2` when
 * each was seen, `$3` a minute before that. A row already written within that minute is left alone,
 * so however many processes saw a key, it is written at most once a minute; the api_keys trigger does
 * not notify for a change of `last_used_at` alone (migration ApiKeyScopes). The minute is subtracted
 * by the caller: Citus refuses `seen_at - interval` on a column in an UPDATE (a stable operator). A
 * background statement whose table starts empty: planned per run.
 */
export const recordApiKeysUsed = defineStatement<[keyIds: string[], seenAt: Date[], minuteBefore: Date[]], { id: string }>(
  'businesses.recordApiKeysUsed',
  `UPDATE api_keys k SET last_used_at = u.seen_at
     FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS u(id, seen_at, minute_before)
    WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at <= u.minute_before)
   RETURNING k.id`,
  { plannedPerRun: true },
);
