import { availableParallelism } from 'os';
import { Injectable } from '@nestjs/common';
import { verifyPassword } from '../staff/passwords';

/**
 * Password verifications (Argon2id, 19 MiB, 2 iterations: tens of ms of CPU each) run at most one
 * fewer at a time than the machine has cores, the others wait their turn: a hundred sign-ins at once
 * would otherwise take every core from the event loop and PostgreSQL, and every other request would
 * wait behind them (BENCHMARKS.md, "Staff sign-in"). Wrong emails wait in the same queue as wrong
 * passwords, so the answer's time still tells them apart by nothing.
 */
@Injectable()
export class PasswordChecks {
  private readonly slots = Math.max(1, availableParallelism() - 1);
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  async verify(stored: string | null | undefined, password: string): Promise<boolean> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await verifyPassword(stored, password);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
