import { useSyncExternalStore } from 'react';

/**
 * How this tab is signed in (docs/api.md 16, 19):
 * - `key`: an API key typed into "API key", kept for the tab only (sessionStorage), sent as Bearer;
 * - `user`: a person signed in with email and password; the `bo_session` cookie (HttpOnly) is the only
 *   credential, and the CSRF token lives in this module's memory only (never in web storage), read
 *   again from GET /auth/session when the page loads (`resume`), sent as X-CSRF-Token on every non-GET.
 * `checking`: the page just loaded without a key, after a person signed in with this browser, and asks
 * the API whether the session cookie is still good.
 * `reason` says why the sign-in form is shown again (Sign out, or a 401 from any call).
 */
const STORAGE_KEY = 'console.api-key';
/**
 * Not a credential: only that a person signed in with this browser (localStorage, so a new tab knows
 * too), so a page load asks GET /auth/session only then, not with a 401 in every fresh tab's console.
 */
const HINT_KEY = 'console.person-signed-in';

function readHint(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

function writeHint(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(HINT_KEY, '1');
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // storage refused (private mode): every load then starts at the sign-in form
  }
}

export type SignedOutReason = 'signed-out' | 'expired';
export type Credential = { kind: 'key'; key: string } | { kind: 'user'; csrf: string };

export interface SessionState {
  credential: Credential | null;
  checking: boolean;
  reason: SignedOutReason | null;
}

function readKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const storedKey = readKey();
let state: SessionState = { credential: storedKey ? { kind: 'key', key: storedKey } : null, checking: storedKey === null && readHint(), reason: null };
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  /** The API key of a key session, else null. */
  key: (): string | null => (state.credential?.kind === 'key' ? state.credential.key : null),
  /** The CSRF token of a user session, else null. */
  csrf: (): string | null => (state.credential?.kind === 'user' ? state.credential.csrf : null),
  kind: (): Credential['kind'] | null => state.credential?.kind ?? null,
  signIn(key: string): void {
    window.sessionStorage.setItem(STORAGE_KEY, key);
    set({ credential: { kind: 'key', key }, checking: false, reason: null });
  },
  /** A user signed in (POST /auth/sign-in, or GET /auth/session on load): the cookie is set, the CSRF token kept here. */
  signedInAsUser(csrf: string): void {
    window.sessionStorage.removeItem(STORAGE_KEY);
    writeHint(true);
    set({ credential: { kind: 'user', csrf }, checking: false, reason: null });
  },
  /** The load-time check found no session. */
  noSession(): void {
    writeHint(false);
    if (state.checking) set({ ...state, checking: false });
  },
  /** Forgets the credential (Sign out, or a 401 from any call: `expired`). */
  signOut(reason: SignedOutReason = 'signed-out'): void {
    window.sessionStorage.removeItem(STORAGE_KEY);
    if (state.credential?.kind === 'user') writeHint(false);
    if (state.credential !== null || state.reason !== reason || state.checking) set({ credential: null, checking: false, reason });
  },
  subscribe(this: void, listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): SessionState => state,
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.snapshot);
}
