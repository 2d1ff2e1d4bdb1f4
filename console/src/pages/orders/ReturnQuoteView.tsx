import { Fragment } from 'react';
import { useFormat } from '../../frame/business';
import { taxRows } from '../../lib/taxes';
import { ErrorView } from '../../ui/ErrorView';
import { refundMethod, type QuoteShown } from './return-quote';

/** The refund the return would make (its quote): goods, tax (per rate with tax rates), discount and shipping shares, the total and how it is paid back. */
export function ReturnQuoteView({ shown, orderMethod }: { shown: QuoteShown; orderMethod: string }) {
  const format = useFormat();
  if (shown.state === 'refused') return <ErrorView error={shown.error} />;
  return (
    <section className="return-quote" aria-label="Refund" aria-live="polite" aria-busy={shown.state === 'pending' || undefined}>
      {shown.state === 'none' && <p className="hint">Type the quantity to return of a line to see the refund.</p>}
      {shown.state === 'pending' && <p className="hint">Working out the refund…</p>}
      {shown.state === 'current' && (
        <dl className="facts">
          <dt>Goods</dt>
          <dd>{format.money(shown.quote.subtotal)}</dd>
          {taxRows(shown.quote).map((row) => (
            <Fragment key={row.key}>
              <dt>{row.label}</dt>
              <dd>{format.money(row.amount)}</dd>
            </Fragment>
          ))}
          {Number(shown.quote.discount_amount) !== 0 && (
            <>
              <dt>Discount</dt>
              <dd>−{format.money(shown.quote.discount_amount)}</dd>
            </>
          )}
          {Number(shown.quote.shipping_amount) !== 0 && (
            <>
              <dt>Shipping</dt>
              <dd>{format.money(shown.quote.shipping_amount)}</dd>
            </>
          )}
          <dt>Refund</dt>
          <dd className="refund-total">{format.money(shown.quote.total)}</dd>
          <dt>Refunded by</dt>
          <dd>{refundMethod(shown.quote, orderMethod)}</dd>
          <dt>Points reversed</dt>
          <dd>{format.quantity(shown.quote.points_reversed)}</dd>
        </dl>
      )}
    </section>
  );
}
