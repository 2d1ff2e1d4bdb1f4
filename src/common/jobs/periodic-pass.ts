import { Logger } from '@nestjs/common';

/**
 * A background pass run every interval, one at a time in the process (a wake during a pass is
 * dropped: the next interval runs it again), its failure logged and the next pass tried as usual.
 * `stop` ends the timer and waits for the pass under way (at most `waitMs` when given); a pass
 * reads `stopping` between its steps to end early.
 */
export class PeriodicPass {
  private timer?: NodeJS.Timeout;
  private stopped = true;
  /** set by stop() only: a pass called directly (a test, the CLI) before any start runs whole */
  private stopRequested = false;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly failureMessage: string,
    private readonly pass: () => Promise<unknown>,
  ) {}

  /** Every `intervalMs` from now (never when it is 0 or less); `runNow`: also one pass at once. */
  start(intervalMs: number, runNow: boolean): void {
    if (intervalMs <= 0) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
    if (runNow) this.wake();
  }

  get stopping(): boolean {
    return this.stopRequested;
  }

  async stop(waitMs?: number): Promise<void> {
    this.stopped = true;
    this.stopRequested = true;
    clearInterval(this.timer);
    if (!this.running) return;
    if (waitMs === undefined) await this.running;
    else await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
  }

  private wake(): void {
    if (this.stopped || this.running) return;
    this.running = this.pass()
      .catch((err: Error) => this.logger.warn({ msg: this.failureMessage, error: err?.message ?? String(err) }))
      .finally(() => (this.running = null));
  }
}
