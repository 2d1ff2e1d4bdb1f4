import { useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useBusiness } from '../../frame/business';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { queryClient } from '../../api/query-client';
import { Attempts } from '../../lib/idempotency';
import { ErrorView } from '../../ui/ErrorView';
import { Page } from '../../ui/Page';
import { CustomerField } from './CustomerField';
import { lineErrors } from './line-errors';
import { productByCode } from './lookup';
import { asNumber, orderItems, saleLines, type CreateOrder, type LineAction, type Product } from './sale-lines';
import { SaleLines } from './SaleLines';
import { SaleResult } from './SaleResult';
import { SaleSummary, type PaymentMethod } from './SaleSummary';
import { ScanField } from './ScanField';
import { mailConfigured } from './mail';
import { quoteBody } from './till-quote';
import { usePlaceAfterLookups } from './use-place-after-lookups';
import { useScanner } from './use-scanner';
import { useTillQuote } from './use-till-quote';
import './new-sale.css';

type Order = Awaited<ReturnType<typeof placeOrder>>;

interface SaleDetails {
  customer: string;
  payment: PaymentMethod;
  sendInvoice: boolean;
  /** Cash tendered, as typed (cash only) */
  tendered: string;
}

/**
 * What every sale starts from, the page's first and each after an order: nothing carries over from
 * the last customer. The method is cash, the API's own default when an order names none (docs/api.md
 * section 5): the business has no setting for it.
 */
const NEW_SALE: SaleDetails = { customer: '', payment: 'cash', sendInvoice: false, tendered: '' };

const notAdded = (what: string) => `Not added: ${what}, entered while the last order was being placed. Add it again.`;
const lookupProblem = (code: string, err?: unknown) =>
  err ? `Could not look up ${code}: ${String((err as Error).message ?? err)}` : `No active product has the code or name "${code}".`;

async function placeOrder(body: CreateOrder, key: string) {
  return dataOrThrow(await api.POST('/api/v1/orders', { body, headers: { 'Idempotency-Key': key } })).data;
}

/**
 * docs/api.md 16's New sale, keyboard first: "Scan or search" adds lines (a repeated code raises the
 * quantity), quantities and prices editable, the customer by email or phone, the payment method,
 * Send invoice; Place order (or Ctrl+Enter) sends POST /orders with one Idempotency-Key per attempt
 * (lib/idempotency.ts), so pressing it twice places one order, once every scan still being looked up
 * has answered (use-place-after-lookups.ts). An error stays beside its line and the form keeps
 * everything; a success shows the order and starts a new sale from NEW_SALE, which no lookup of the
 * sale just placed adds to.
 */
export default function NewSalePage() {
  const [lines, dispatchLines] = useReducer(saleLines, []);
  const [details, setDetails] = useState(NEW_SALE);
  const { customer, payment, sendInvoice, tendered } = details;
  // what changed last: a scan, a removal or another method asks the figures at once, typing once it pauses
  const [quick, setQuick] = useState(true);
  const change = (patch: Partial<SaleDetails>, typed = false) => {
    setQuick(!typed);
    setDetails((now) => ({ ...now, ...patch }));
  };
  const mail = mailConfigured(useBusiness());
  const [scanStatus, setScanStatus] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [placed, setPlaced] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const attempts = useRef(new Attempts());
  const sending = useRef(false);

  function dispatch(action: LineAction) {
    setQuick(action.type !== 'quantity' && action.type !== 'price');
    dispatchLines(action);
    if ('productId' in action && errors.has(action.productId)) {
      const next = new Map(errors);
      next.delete(action.productId);
      setErrors(next);
    }
  }

  function add(product: Product, how: string) {
    // the order on its way was read without it, and its success starts a new sale
    if (sending.current) return setScanStatus(notAdded(product.name));
    dispatch({ type: 'add', product });
    setScanStatus(`${product.name} added (${how}).`);
    setPlaced(null);
  }

  const scanner = useScanner<Product>({
    lookup: productByCode,
    onFound: (product, code) => add(product, code),
    onMissing: (code, err) => {
      setScanStatus(lookupProblem(code, err));
      placing.missed(lookupProblem(code, err));
    },
    onStale: (code) => setScanStatus(notAdded(code)),
  });
  const placing = usePlaceAfterLookups(
    scanner.pending,
    () => void submit(),
    (reasons) => setScanStatus(`Not placed: ${reasons.join(' ')} Place order again to place the sale without it.`),
  );

  function body(): CreateOrder {
    const order: CreateOrder = { items: orderItems(lines), payment_method: payment, send_invoice: sendInvoice };
    // text that is no number goes as typed, so the API's VALIDATION_FAILED names the field
    if (payment === 'cash' && tendered.trim()) Object.assign(order, { cash_tendered: asNumber(tendered) });
    const who = customer.trim();
    if (who) order.customer = who.includes('@') ? { email: who } : { phone: who };
    return order;
  }

  async function submit() {
    if (sending.current) return; // the same attempt is on its way
    if (lines.length === 0) {
      setScanStatus('Add a product before placing the order.');
      return;
    }
    const order = body();
    const key = attempts.current.keyFor(order);
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await placeOrder(order, key);
      attempts.current.done();
      setPlaced(result);
      setErrors(new Map());
      dispatchLines({ type: 'clear' });
      scanner.newSale();
      setDetails(NEW_SALE);
      setScanStatus('');
      void queryClient.invalidateQueries();
      document.getElementById('scan')?.focus();
    } catch (err) {
      setError(err);
      setErrors(lineErrors(err, lines));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    placing.request();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      placing.request();
    }
  }

  const figures = useTillQuote(lines.length > 0 ? quoteBody(body()) : null, quick);
  // beside each line: the error of the order last refused, else that of the quote of the lines as they are
  const quoteErrors = figures.error === null ? new Map<string, string>() : lineErrors(figures.error, lines);
  const shownErrors = new Map([...quoteErrors, ...errors]);

  const status = placing.waiting
    ? `Waiting for ${listed(scanner.lookingUp)} to be looked up, then placing the order.`
    : scanner.pending > 0
      ? 'Looking up…'
      : scanStatus;

  return (
    <Page title="New sale">
      <form className="sale" aria-label="New sale" onSubmit={onSubmit} onKeyDown={onKeyDown}>
        <div className="sale-main">
          <ScanField scanner={scanner} onChoose={(product) => add(product, 'chosen')} status={status} />
          <SaleLines lines={lines} dispatch={dispatch} errors={shownErrors} figures={figures} />
          {placed && <SaleResult order={placed} mail={mail} />}
          <div className="sale-details">
            <CustomerField value={customer} onChange={(value) => change({ customer: value }, true)} />
            <div>
              <input
                id="send-invoice"
                type="checkbox"
                checked={sendInvoice}
                aria-describedby={mail ? undefined : 'send-invoice-hint'}
                onChange={(e) => change({ sendInvoice: e.target.checked })}
              />
              <label htmlFor="send-invoice">Send invoice</label>
              {!mail && (
                <p id="send-invoice-hint" className="hint">
                  Mail is not set up: the order gets its invoice, but nothing is mailed.
                </p>
              )}
            </div>
          </div>
          {error !== null && <ErrorView error={error} />}
        </div>
        <SaleSummary
          hasLines={lines.length > 0}
          figures={figures}
          lineError={quoteErrors.size > 0}
          payment={payment}
          onPayment={(method) => change({ payment: method, tendered: method === 'cash' ? tendered : '' })}
          tendered={tendered}
          onTendered={(text) => {
            // an order refused for its tender (INSUFFICIENT_TENDER) is answered by the new one
            setError(null);
            change({ tendered: text }, true);
          }}
          busy={busy}
        />
      </form>
    </Page>
  );
}

/** "A", "A and B", "A, B and C": each code once. */
function listed(codes: string[]): string {
  const each = [...new Set(codes)];
  return each.length <= 1 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each[each.length - 1]}`;
}
