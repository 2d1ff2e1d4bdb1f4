import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { callOrThrow } from '../../api/staff';
import { FormError, SubmitButton, TextField } from '../../ui/form/Form';
import './orders.css';

type Order = components['schemas']['OrderJson'];

/**
 * Finds an order by its number, typed or scanned from its receipt's barcode (a scanner types the
 * number and Enter): GET /orders?number= (exact, any letter case, docs/api.md 21); the order found
 * opens its page at once, none found says so and keeps what was typed, selected for the next scan.
 */
export function OrderFinder() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState('');

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.querySelector('input');
    const number = typed.trim();
    if (!number || busy) return;
    setBusy(true);
    setError(null);
    setMissing('');
    try {
      const found = await callOrThrow<{ data: Order[] }>('GET', '/orders', { query: { number, per_page: 1 } });
      const order = found.data[0];
      if (order) void navigate({ to: '/orders/$orderId', params: { orderId: order.order_id } });
      else {
        setMissing(number);
        field?.select();
      }
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="order-finder" role="search" aria-label="Find an order" onSubmit={(e) => void find(e)}>
      <TextField
        label="Order number or receipt scan"
        value={typed}
        onChange={setTyped}
        autoComplete="off"
        spellCheck={false}
        placeholder="S-0042"
        error={missing ? `No order ${missing}.` : undefined}
      />
      <SubmitButton busy={busy} busyLabel="Finding…">
        Find order
      </SubmitButton>
      <FormError error={error} />
    </form>
  );
}
