import { DomainEvent } from '../../../common/events/domain-event';
import { StockLevelData } from './stock-low.event';

/** A product's total stock reached 0. */
export class StockOutEvent extends DomainEvent<StockLevelData> {
  static readonly eventName = 'stock.out';
  readonly name = StockOutEvent.eventName;
}
