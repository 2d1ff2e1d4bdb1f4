import { createContext, useContext } from 'react';
import type { Membership, SessionUser } from '../api/staff';
import type { Scope } from './scopes';

/**
 * Who the console acts as (docs/api.md 18, 19): a key (GET /business's `key`) or a signed-in member
 * (GET /auth/session: the role's scopes). Page and action visibility reads `scopes` alike for both.
 */
export type Who =
  | { kind: 'key'; id: string; name: string; scopes: readonly Scope[] }
  | { kind: 'user'; user: SessionUser; role: string; scopes: readonly Scope[]; businessId: string; memberships: Membership[] };

export const WhoContext = createContext<Who | null>(null);

export function useWho(): Who {
  const who = useContext(WhoContext);
  if (!who) throw new Error('useWho outside the signed-in layout');
  return who;
}

/** "the key “Till 1”" or "your role (cashier)": what a refusal names. */
export function whoLabel(who: Who): string {
  return who.kind === 'key' ? `the key “${who.name}”` : `your role (${who.role})`;
}
