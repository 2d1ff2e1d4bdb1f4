import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { EVENTS_COMMITTED } from '../../../common/events/domain-event';
import { OutboxDispatcher } from './outbox-dispatcher';

/** Thin on purpose: it runs inside the request that committed, so it only wakes the dispatcher. */
@Injectable()
export class EventsCommittedListener {
  constructor(private readonly dispatcher: OutboxDispatcher) {}

  @OnEvent(EVENTS_COMMITTED)
  onCommitted(): void {
    this.dispatcher.wake(true);
  }
}
