import { EntityManager } from 'typeorm';
import { DomainEvent } from '../common/events/domain-event';

/**
 * The handle every writing service method takes first. Repositories and queries come from its
 * manager, never from the global pool, so all the work of one request commits or rolls back together.
 */
export class Tx {
  readonly events: DomainEvent[] = [];
  constructor(readonly manager: EntityManager) {}

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.manager.query(sql, params);
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    const rows: T[] = await this.manager.query(sql, params);
    return rows[0];
  }

  record(event: DomainEvent): void {
    this.events.push(event);
  }
}
