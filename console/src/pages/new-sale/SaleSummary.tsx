import type { ReactNode } from 'react';
import { shownError } from '../../api/errors';
import { useFormat } from '../../frame/business';
import type { Decimal } from '../../lib/money';
import { taxRows } from '../../lib/taxes';
import { SelectField, TextField } from '../../ui/form/Form';
import type { CreateOrder } from './sale-lines';
import type { TillFigures } from './till-quote';

export type PaymentMethod = NonNullable<CreateOrder['payment_method']>;

/**
 * The ways to pay, as the API's document names them (payment_method's enum in the generated types):
 * a method the document adds and this list lacks fails the type check, not the till.
 */
const METHOD_LABELS = { cash: 'Cash', card: 'Card', bank_transfer: 'Bank transfer' } satisfies Record<PaymentMethod, string>;
const METHODS = Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }));

/** A figure of the till: its value, or a mark while the quote of the sale as it is now is on its way. */
function Figure({ name, value, big, hidden }: { name: string; value: Decimal | null | undefined; big?: boolean; hidden?: boolean }) {
  const format = useFormat();
  if (hidden) return null;
  return (
    <div className={big ? 'big' : undefined}>
      <dt>{name}</dt>
      <dd>{value === null || value === undefined ? '…' : format.money(value)}</dd>
    </div>
  );
}

/**
 * The till's panel, always in view beside the lines: subtotal, discount, tax (one figure per rate of
 * the quote's `tax_lines`, "incl." when the prices include it: docs/api.md 22) and **Total** of the
 * quote (docs/api.md 21), the payment method, for cash the **Cash tendered** and the change due, and
 * Place order. Every figure is the API's; while a newer quote is on its way the figures of older
 * lines stay, marked as updating (aria-busy, dimmed, "Updating…"), never as current; a quote the
 * API refused shows no figures, its error beside its line or here.
 */
export function SaleSummary({
  hasLines,
  figures,
  lineError,
  payment,
  onPayment,
  tendered,
  onTendered,
  busy,
}: {
  hasLines: boolean;
  figures: TillFigures;
  /** the quote's error belongs to a line (shown there) */
  lineError: boolean;
  payment: PaymentMethod;
  onPayment: (method: PaymentMethod) => void;
  tendered: string;
  onTendered: (text: string) => void;
  busy: boolean;
}) {
  const { quote, current, changeCurrent, short, error } = figures;
  const refused = error !== null;
  const shown = refused ? null : quote;
  const updating = hasLines && !refused && !current;
  let change: ReactNode = null;
  if (payment === 'cash' && tendered.trim() && hasLines && !refused) {
    change = !short && (
      <dl className="figures till change" aria-busy={!changeCurrent}>
        <Figure name="Change due" value={changeCurrent ? shown?.change_due : null} big />
      </dl>
    );
  }
  return (
    <aside className="sale-summary" aria-label="Total and payment">
      {hasLines ? (
        <div className={updating ? 'totals updating' : 'totals'} aria-busy={updating}>
          <dl className="figures till">
            <Figure name="Subtotal" value={shown?.subtotal} />
            <Figure name="Discount" value={shown?.discount_amount} />
            {shown ? taxRows(shown).map((row) => <Figure key={row.key} name={row.label} value={row.amount} />) : <Figure name="Tax" value={null} />}
            <Figure name="Shipping" value={shown?.shipping_amount} hidden={!shown || Number(shown.shipping_amount) === 0} />
            <Figure name="Total" value={shown?.total} big />
          </dl>
          <p className="hint" role="status">
            {refused ? (lineError ? 'No total: see the line marked.' : `No total: ${shownError(error).message}`) : updating ? 'Updating…' : ''}
          </p>
        </div>
      ) : (
        <p className="empty">The total shows as lines are added.</p>
      )}
      <SelectField label="Payment method" value={payment} onChange={(value) => onPayment(value as PaymentMethod)} options={METHODS} />
      {payment === 'cash' && (
        <TextField
          label="Cash tendered"
          inputMode="decimal"
          autoComplete="off"
          value={tendered}
          onChange={onTendered}
          error={short ? 'Less than the total: ask for more.' : undefined}
          hint="Optional: what the customer hands over."
        />
      )}
      {change}
      <p className="place">
        <button type="submit" aria-keyshortcuts="Control+Enter" disabled={busy}>
          Place order
        </button>{' '}
        <span className="hint">Ctrl+Enter</span>
      </p>
    </aside>
  );
}
