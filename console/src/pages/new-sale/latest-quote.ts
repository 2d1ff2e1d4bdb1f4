/** What a quote request answered, for the body whose key it carries. */
export interface QuoteAnswer<B, Q> {
  key: string;
  body: B;
  quote?: Q;
  error?: unknown;
}

/**
 * Asks for the quote of the latest body only. `want` a body (by its key): at once (a scan: the total
 * should follow it as fast as the API answers) or after `delayMs` without another change (typing a
 * quantity or a price). A newer body aborts the request of an older one and cancels its wait; an
 * answer that still comes for an older body (a server that ignores the abort) is dropped, so
 * `onAnswer` only ever hears of the body wanted last.
 */
export class LatestQuote<B, Q> {
  private wanted: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | null = null;

  constructor(
    private readonly ask: (body: B, signal: AbortSignal) => Promise<Q>,
    private readonly onAnswer: (answer: QuoteAnswer<B, Q>) => void,
    private readonly delayMs = 150,
  ) {}

  /** The body the figures should now be of; `null`: none (no lines). The same key again changes nothing. */
  want(key: string | null, body: B | null, now = false): void {
    if (key === this.wanted) return;
    this.stop();
    this.wanted = key;
    if (key === null || body === null) return;
    if (now) this.send(key, body);
    else this.timer = setTimeout(() => this.send(key, body), this.delayMs);
  }

  /** Nothing more is wanted (the page is gone): the pending request is aborted, its answer dropped. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = null;
    this.wanted = null;
  }

  private send(key: string, body: B): void {
    const controller = new AbortController();
    this.controller = controller;
    const current = () => this.wanted === key && !controller.signal.aborted;
    this.ask(body, controller.signal).then(
      (quote) => {
        if (current()) this.onAnswer({ key, body, quote });
      },
      (error: unknown) => {
        if (current()) this.onAnswer({ key, body, error });
      },
    );
  }
}
