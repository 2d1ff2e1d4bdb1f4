import { useRef } from 'react';
import { randomToken } from '../lib/random-token';

/**
 * The Idempotency-Key of a form's current attempt (CONTRACT.md 9): the same body sent again (a
 * retry after no answer, a double submit) reuses the key, so the API acts once; a changed body, or
 * `end()` after the API answered, starts a new attempt with a new key.
 */
export function useAttemptKey() {
  const current = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (current.current?.body !== text) current.current = { body: text, key: randomToken() };
      return current.current.key;
    },
    end(): void {
      current.current = null;
    },
  };
}
