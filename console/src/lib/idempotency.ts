/**
 * docs/api.md 9 from the console's side: one Idempotency-Key per attempt. An attempt is one request
 * body: sending the same body again (a double click, Ctrl+Enter twice, a retry after a network
 * failure) reuses its key, so the API places one order; a changed body is a new attempt with a new
 * key. `done()` after a success: the next body, even an equal one, is a new sale.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; getRandomValues does not
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class Attempts {
  private current: { body: string; key: string } | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  /** The key for this body: the current attempt's when the body is the same, else a new attempt's. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.current?.body !== text) this.current = { body: text, key: this.makeKey() };
    return this.current.key;
  }

  /** The attempt succeeded: whatever is sent next is another one. */
  done(): void {
    this.current = null;
  }
}
