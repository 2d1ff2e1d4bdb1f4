import { isScope, Scope, SCOPES } from '../../common/auth/scopes';
import { characterCount } from '../../common/validation/text-length';

/** The rules of a key's name and scopes, shared by POST /api-keys (its DTO) and the CLI. */
export const MAX_KEY_NAME_LENGTH = 100;
export const DEFAULT_KEY_NAME = 'API key';

/** Why a scope list is refused, or undefined when it is a non-empty list of distinct known scopes. */
export function scopeListProblem(scopes: readonly unknown[]): string | undefined {
  if (scopes.length === 0) return 'scopes must name at least one scope';
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) return `unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')} (scopes: ${SCOPES.join(', ')})`;
  if (new Set(scopes).size !== scopes.length) return 'scopes must not repeat a scope';
  return undefined;
}

/** A key name: trimmed, 1 to MAX_KEY_NAME_LENGTH characters, or why not. */
export function keyNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'name must not be empty';
  if (characterCount(trimmed) > MAX_KEY_NAME_LENGTH) return `name must be at most ${MAX_KEY_NAME_LENGTH} characters`;
  return undefined;
}

export type KeyScopes = Scope[];
