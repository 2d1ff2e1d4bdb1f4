import { useSyncExternalStore } from 'react';

/**
 * The API key for this browser tab only (docs/api.md 16): sessionStorage, never localStorage, a
 * cookie or a URL. `ended` says why the sign-in form is shown again (a 401 from any call).
 */
const STORAGE_KEY = 'console.api-key';

export type SignedOutReason = 'signed-out' | 'expired';

interface SessionState {
  key: string | null;
  reason: SignedOutReason | null;
}

let state: SessionState = { key: readKey(), reason: null };
const listeners = new Set<() => void>();

function readKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  key: (): string | null => state.key,
  signIn(key: string): void {
    window.sessionStorage.setItem(STORAGE_KEY, key);
    set({ key, reason: null });
  },
  /** Forgets the key (Sign out, or a 401 from any call: `expired`). */
  signOut(reason: SignedOutReason = 'signed-out'): void {
    window.sessionStorage.removeItem(STORAGE_KEY);
    if (state.key !== null || state.reason !== reason) set({ key: null, reason });
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
