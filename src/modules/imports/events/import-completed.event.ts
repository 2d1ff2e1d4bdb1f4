import { DomainEvent } from '../../../common/events/domain-event';

export interface ImportCompletedData {
  import_id: string;
  kind: string;
  summary: { create: number; update: number; unchanged: number; error: number };
}

/** An import's apply ended (docs/api.md 23): what its rows did. */
export class ImportCompletedEvent extends DomainEvent<ImportCompletedData> {
  static readonly eventName = 'import.completed';
  readonly name = ImportCompletedEvent.eventName;
}
