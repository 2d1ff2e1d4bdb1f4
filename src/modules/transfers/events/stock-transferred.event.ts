import { DomainEvent } from '../../../common/events/domain-event';
import { TransferItemJson } from '../transfer.mapper';

/** The data of stock.transferred, as webhooks and the events feed deliver it (docs/api.md 14). */
export interface StockTransferredData {
  transfer_id: string;
  transfer_number: string;
  from_warehouse_id: string;
  to_warehouse_id: string;
  items: TransferItemJson[];
}

/** A transfer was received: its goods are in the destination, what did not arrive is lost. */
export class StockTransferredEvent extends DomainEvent<StockTransferredData> {
  static readonly eventName = 'stock.transferred';
  readonly name = StockTransferredEvent.eventName;
}
