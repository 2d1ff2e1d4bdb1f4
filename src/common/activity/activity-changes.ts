import { ActivityChanges } from './activity-record';

/**
 * Fields never written to the activity log, whatever their value (docs/api.md 20: never a secret or a
 * password hash), matched on the field's name: a key, a hash, a token, a password, a signing secret.
 */
const SECRET_FIELD = /(^|_)(password|passwd|secret|token|hash|api_key|key_hash|totp|recovery_codes?|otp)($|_)/i;

/** Fields that change with every update and say nothing about it. */
const NOISE_FIELDS = new Set(['updated_at', 'updatedAt']);

export function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/**
 * THE diff rule of the activity log: `{field: [before, after]}` for every field of `after` whose value
 * differs from `before`'s (compared as JSON: objects and arrays by content, key order included), or
 * null when none did. Both sides are the resource as the API shows it (its mapper's JSON), so names and
 * values are the API's. Secret fields and `updated_at` are left out; a field only one side has counts
 * as changed from or to null.
 */
export function changesBetween(before: object, after: object): ActivityChanges | null {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const changes: ActivityChanges = {};
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (NOISE_FIELDS.has(field) || isSecretField(field)) continue;
    const was = b[field] === undefined ? null : b[field];
    const is = a[field] === undefined ? null : a[field];
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = [was, is];
  }
  return Object.keys(changes).length === 0 ? null : changes;
}
