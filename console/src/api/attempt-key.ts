import { useRef } from 'react';
import { randomToken } from '../lib/random-token';

export interface AttemptKey {
  /** The key for this body: the current attempt's when the body is the same, else a new attempt's. */
  keyFor(body: unknown): string;
  /** The API answered: the next submit is a new attempt, whatever its body. */
  end(): void;
}

/**
 * The Idempotency-Key of a form's current attempt (docs/api.md 9): the same body sent again (a
 * retry after no answer, a double submit) reuses the key, so the API acts once; a changed body, or
 * `end()` after the API answered, starts a new attempt with a new key.
 */
export function createAttemptKey(newKey: () => string = randomToken): AttemptKey {
  let current: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { body: text, key: newKey() };
      return current.key;
    },
    end() {
      current = null;
    },
  };
}

/** One AttemptKey for the lifetime of a form. */
export function useAttemptKey(): AttemptKey {
  const ref = useRef<AttemptKey | null>(null);
  ref.current ??= createAttemptKey();
  return ref.current;
}
