import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { EVENTS_COMMITTED, EventsCommitted } from '../../../common/events/domain-event';
import { SaleCompletedEvent } from '../../orders/events/sale-completed.event';
import { MailDispatcher } from './mail-dispatcher';
import { MailSaleEffect } from './mail-sale.effect';

/** Wakes the mail dispatcher after an order whose statement queued a mail commits; other commits cost nothing. */
@Injectable()
export class MailCommitsListener {
  constructor(
    private readonly effect: MailSaleEffect,
    private readonly dispatcher: MailDispatcher,
  ) {}

  @OnEvent(EVENTS_COMMITTED)
  onCommitted(payload: EventsCommitted): void {
    const queued = payload.events.some((e) => e instanceof SaleCompletedEvent && this.effect.committed(e.data.sale_id));
    if (queued) this.dispatcher.wake();
  }
}
