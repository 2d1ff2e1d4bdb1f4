import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { dataOrThrow } from '../../api/errors';
import { printBlob } from '../../api/files';
import { call } from '../../api/staff';
import { soldByText } from '../../api/staff';
import { useFormat } from '../../frame/business';
import { ErrorView } from '../../ui/ErrorView';
import { TextField } from '../../ui/form/Form';

/** The order as POST /orders answers it, with docs/api.md 21's tender. */
type Order = components['schemas']['OrderJson'];

/** GET /orders/:id/receipt: the receipt's PDF, fetched with the session's credentials. */
async function receiptPdf(orderId: string): Promise<Blob> {
  const result = await call<Blob>('GET', `/orders/${orderId}/receipt`, { parseAs: 'blob' });
  if (!result.response.ok) dataOrThrow(result);
  return result.data as Blob;
}

/**
 * The order just placed, as the API answered: its number, total, cash tendered and the change due
 * (large: the cashier counts it out), points earned, invoice number; **Print receipt** (the receipt's
 * PDF in a tab, its print dialog asked for) and **Email receipt** (POST /orders/:id/receipt/send, to
 * the customer's email or the address typed), or "mail is not set up" when the API cannot mail.
 */
export function SaleResult({ order, mail }: { order: Order; mail: boolean }) {
  const format = useFormat();
  const [to, setTo] = useState('');
  const print = useMutation({ mutationFn: () => receiptPdf(order.order_id), onSuccess: printBlob });
  const send = useMutation({
    mutationFn: async (address: string) =>
      dataOrThrow(await call<{ data?: { to?: string } }>('POST', `/orders/${order.order_id}/receipt/send`, { body: address ? { to: address } : {} })),
  });
  const cash = order.cash_tendered !== null && order.cash_tendered !== undefined;
  return (
    <section className="result" aria-labelledby="result-title">
      <h2 id="result-title" tabIndex={-1}>
        Order {order.order_number} placed
      </h2>
      <dl className="figures">
        <div>
          <dt>Order number</dt>
          <dd>{order.order_number}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{format.money(order.total)}</dd>
        </div>
        {cash && (
          <div>
            <dt>Cash tendered</dt>
            <dd>{format.money(order.cash_tendered!)}</dd>
          </div>
        )}
        {cash && order.change_due !== null && order.change_due !== undefined && (
          <div className="big">
            <dt>Change due</dt>
            <dd>{format.money(order.change_due)}</dd>
          </div>
        )}
        <div>
          <dt>Points earned</dt>
          <dd>{format.quantity(order.loyalty_points_earned)}</dd>
        </div>
        <div>
          <dt>Invoice</dt>
          <dd>{order.invoice_number ?? 'None'}</dd>
        </div>
        {soldByText(order) && (
          <div>
            <dt>Sold by</dt>
            <dd>{soldByText(order)}</dd>
          </div>
        )}
      </dl>
      <div className="receipt">
        <button type="button" disabled={print.isPending} onClick={() => print.mutate()}>
          Print receipt
        </button>
        {print.error && <ErrorView error={print.error} />}
        {mail ? (
          <div className="email-receipt">
            <TextField
              label="Email receipt to"
              type="email"
              autoComplete="off"
              value={to}
              onChange={setTo}
              onKeyDown={(e) => {
                // the sale's form is around it: Enter here emails, it places no order
                if (e.key !== 'Enter' || e.ctrlKey || e.metaKey) return;
                e.preventDefault();
                e.stopPropagation();
                send.mutate(to.trim());
              }}
              hint={order.customer_id ? "Optional: the customer's email otherwise." : 'The sale has no customer: type an address.'}
            />
            <button type="button" disabled={send.isPending} onClick={() => send.mutate(to.trim())}>
              Email receipt
            </button>
            <p role="status" className="hint">
              {send.isSuccess ? `Receipt on its way to ${send.data.data?.to ?? (to.trim() || "the customer's email")}.` : ''}
            </p>
            {send.error && <ErrorView error={send.error} />}
          </div>
        ) : (
          <p className="hint">Email receipt: mail is not set up, so receipts cannot be mailed.</p>
        )}
      </div>
      <p>
        <Link to="/orders/$orderId" params={{ orderId: order.order_id }}>
          Open order {order.order_number}
        </Link>
      </p>
    </section>
  );
}
