import { Injectable } from '@nestjs/common';

/**
 * Whether this process wants new traffic. After SIGTERM with SHUTDOWN_DELAY_MS set, readiness turns
 * to 503 first while every other request is still served, so a load balancer takes the process out
 * of rotation before it stops accepting (main.ts).
 */
@Injectable()
export class Readiness {
  private leavingSince: number | undefined;

  leave(): void {
    this.leavingSince ??= Date.now();
  }

  get leaving(): boolean {
    return this.leavingSince !== undefined;
  }
}
