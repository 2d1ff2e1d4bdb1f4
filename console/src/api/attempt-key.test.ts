import { describe, expect, it } from 'vitest';
import { createAttemptKey } from './attempt-key';

describe('createAttemptKey', () => {
  it('reuses the key for the same body, makes a new one for a changed body or after an answer', () => {
    let n = 0;
    const attempt = createAttemptKey(() => `key-${++n}`);
    expect(attempt.keyFor({ points: 60 })).toBe('key-1');
    expect(attempt.keyFor({ points: 60 })).toBe('key-1');
    expect(attempt.keyFor({ points: 50 })).toBe('key-2');
    attempt.end();
    expect(attempt.keyFor({ points: 50 })).toBe('key-3');
  });
});
