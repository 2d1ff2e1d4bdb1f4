import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { ErrorView } from '../../ui/ErrorView';
import { QueryState } from '../../ui/States';
import type { components } from '../../../../test/generated/openapi';
import { AlertDialog } from '../../ui/AlertDialog';
import { nameOf, useProductsById, useSuppliersById, useWarehouses } from '../inventory/common/lookups';
import { attemptKey, COUNTED, MONEY, parseNumber } from '../inventory/common/numbers';
import { plusOne, receiveLineFor, stillToCome } from '../inventory/common/stock-scan';
import { StockScan } from '../inventory/common/StockScan';
import type { Product } from '../inventory/common/lookups';
import { statusText } from './Orders';
import { TableScroll } from '../../ui/list/ListPage';

type PurchaseOrder = components['schemas']['PurchaseOrderJson'];
type Method = 'cash' | 'card' | 'bank_transfer';

/** A purchase order's page: its lines and amounts, Order (submit), Receive all or part, Record payment, Cancel. */
export function OrderView({ id }: { id: string }) {
  const query = $api.useQuery('get', '/api/v1/purchase-orders/{id}', { params: { path: { id } } });
  return (
    <>
      <p>
        <Link to="/purchasing/orders">All purchase orders</Link>
      </p>
      <QueryState query={query} what="the purchase order">
        {(body) => <OrderDetails po={body.data} />}
      </QueryState>
    </>
  );
}

function OrderDetails({ po }: { po: PurchaseOrder }) {
  const format = useFormat();
  const queryClient = useQueryClient();
  const products = useProductsById(po.items.map((i) => i.product_id));
  const suppliers = useSuppliersById([po.supplier_id]);
  const warehouses = useWarehouses();
  const warehouseNames = new Map((warehouses.data?.data ?? []).map((w) => [w.id, w]));
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [message, setMessage] = useState('');
  const done = (text: string) => {
    setMessage(text);
    void queryClient.invalidateQueries();
  };
  const path = { params: { path: { id: po.id } } };
  const submit = useMutation({
    mutationFn: async () => dataOrThrow(await api.POST('/api/v1/purchase-orders/{id}/submit', path)).data,
    onSuccess: (p) => done(`${p.purchase_order_number} is ordered.`),
  });
  const cancel = useMutation({
    mutationFn: async () => dataOrThrow(await api.POST('/api/v1/purchase-orders/{id}/cancel', path)).data,
    onSuccess: (p) => done(`${p.purchase_order_number} is cancelled.`),
  });
  const receivable = po.status === 'ordered' || po.status === 'partially_received';
  const cancellable = po.status === 'draft' || receivable;

  return (
    <section aria-labelledby="po-title">
      <h2 id="po-title">Purchase order {po.purchase_order_number}</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{statusText(po.status)}</dd>
        <dt>Supplier</dt>
        <dd>{nameOf(suppliers, po.supplier_id)}</dd>
        <dt>Warehouse</dt>
        <dd>{nameOf(warehouseNames, po.warehouse_id)}</dd>
        <dt>Expected</dt>
        <dd>{po.expected_date ? format.day(po.expected_date) : 'not given'}</dd>
        <dt>Total</dt>
        <dd>{format.money(po.total)}</dd>
        <dt>Paid</dt>
        <dd>{format.money(po.paid_amount)}</dd>
        <dt>Created</dt>
        <dd>{format.dateTime(po.created_at)}</dd>
        {po.notes && (
          <>
            <dt>Notes</dt>
            <dd>{po.notes}</dd>
          </>
        )}
      </dl>
      {message && <p role="status">{message}</p>}
      <TableScroll label={`Lines of ${po.purchase_order_number}`}>
        <table>
          <caption className="sr-only">Lines of {po.purchase_order_number}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Ordered
              </th>
              <th scope="col" className="num">
                Received
              </th>
              <th scope="col" className="num">
                Unit cost
              </th>
              <th scope="col" className="num">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {po.items.map((item) => (
              <tr key={item.id}>
                <td>{nameOf(products, item.product_id)}</td>
                <td className="num">{format.quantity(item.quantity)}</td>
                <td className="num">{format.quantity(item.received_quantity)}</td>
                <td className="num">{format.cost(item.unit_cost)}</td>
                <td className="num">{format.money(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>
        {po.status === 'draft' && (
          <button type="button" disabled={submit.isPending} onClick={() => submit.mutate()}>
            Order from supplier
          </button>
        )}{' '}
        {cancellable && (
          <button type="button" disabled={cancel.isPending} onClick={() => setConfirmCancel(true)}>
            Cancel purchase order
          </button>
        )}
      </p>
      {submit.error && <ErrorView error={submit.error} />}
      {cancel.error && <ErrorView error={cancel.error} />}
      {receivable && <ReceiveForm key={po.updated_at} po={po} names={products} onDone={done} />}
      {po.status !== 'draft' && <PaymentForm po={po} onDone={done} />}
      {confirmCancel && (
        <AlertDialog
          title={`Cancel ${po.purchase_order_number}?`}
          confirmLabel="Cancel purchase order"
          closeLabel="Keep it"
          onConfirm={() => {
            cancel.mutate();
            setConfirmCancel(false);
          }}
          onClose={() => setConfirmCancel(false)}
        >
          <p>Nothing more can be received on it; what was received stays in stock. This cannot be undone.</p>
        </AlertDialog>
      )}
    </section>
  );
}

/**
 * Receive goods: every line starts empty (nothing received until the clerk says so); "Scan or search"
 * (a scanner's code and Enter) raises the scanned product's line by one, a product not on the order
 * or a code that names none says so; "Fill in all still to come" types what is still expected.
 */
function ReceiveForm({ po, names, onDone }: { po: PurchaseOrder; names: Map<string, { name: string }>; onDone: (text: string) => void }) {
  const format = useFormat();
  const [quantities, setQuantities] = useState<string[]>(() => po.items.map(() => ''));
  // what scans read and raise: several scans can be applied before the next render
  const typed = useRef(quantities);
  typed.current = quantities;
  const [problem, setProblem] = useState('');
  function scanned(product: Product): string {
    const i = receiveLineFor(po.items, typed.current, product.id);
    if (i < 0) return `${product.name} is not on ${po.purchase_order_number}.`;
    const raised = plusOne(typed.current[i] ?? '');
    if (raised === null) return `${product.name}: the quantity typed is not a number; correct it, then scan again.`;
    typed.current = typed.current.map((v, j) => (j === i ? raised : v));
    setQuantities(typed.current);
    return `${product.name}: ${format.quantity(raised)} to receive.`;
  }
  const receive = useMutation({
    mutationFn: async (items: { purchase_order_item_id: string; quantity: number }[]) =>
      dataOrThrow(
        await api.POST('/api/v1/purchase-orders/{id}/receipts', {
          params: { path: { id: po.id } },
          body: { items },
          headers: { 'Idempotency-Key': attemptKey() },
        }),
      ).data,
    onSuccess: (receipt) => onDone(`Receipt ${receipt.receipt_number} recorded.`),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const items = [];
    for (const [i, item] of po.items.entries()) {
      if ((quantities[i] ?? '').trim() === '') continue;
      const q = parseNumber(quantities[i] ?? '', COUNTED);
      if ('problem' in q) return setProblem(`Receive of ${nameOf(names, item.product_id)}: ${q.problem}`);
      if (q.value > 0) items.push({ purchase_order_item_id: item.id, quantity: q.value });
    }
    if (items.length === 0) return setProblem('Nothing to receive: scan the goods or type their quantities.');
    setProblem('');
    receive.mutate(items);
  }
  return (
    <section aria-labelledby="receive-title" className="form-box">
      <h3 id="receive-title">Receive goods</h3>
      <p className="hint">Each line starts empty: scan the goods as they come off the pallet, or type the quantities.</p>
      <StockScan onProduct={scanned} hint="A barcode or SKU and Enter receives one more of that product." />
      <form onSubmit={submit} noValidate>
        <p>
          <button type="button" onClick={() => setQuantities(stillToCome(po.items))}>
            Fill in all still to come
          </button>
        </p>
        {po.items.map((item, i) => (
          <span className="field" key={item.id}>
            <label htmlFor={`receive-${item.id}`}>Receive {nameOf(names, item.product_id)}</label>
            <input
              id={`receive-${item.id}`}
              inputMode="decimal"
              value={quantities[i] ?? ''}
              onChange={(e) => setQuantities((qs) => qs.map((v, j) => (j === i ? e.target.value : v)))}
            />
          </span>
        ))}
        <p>
          <button type="submit" disabled={receive.isPending}>
            Receive goods
          </button>
        </p>
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        {receive.error && <ErrorView error={receive.error} />}
      </form>
    </section>
  );
}

function PaymentForm({ po, onDone }: { po: PurchaseOrder; onDone: (text: string) => void }) {
  const ids = { amount: useId(), date: useId(), method: useId() };
  const format = useFormat();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const [method, setMethod] = useState<Method>('bank_transfer');
  const [problem, setProblem] = useState('');
  const pay = useMutation({
    mutationFn: async (body: { amount: number; date?: string; method: Method }) =>
      dataOrThrow(
        await api.POST('/api/v1/purchase-orders/{id}/payments', { params: { path: { id: po.id } }, body, headers: { 'Idempotency-Key': attemptKey() } }),
      ).data,
    onSuccess: (t) => onDone(`Payment of ${format.money(t.amount)} recorded.`),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const a = parseNumber(amount, MONEY);
    if ('problem' in a) return setProblem(`Amount: ${a.problem}`);
    setProblem('');
    pay.mutate({ amount: a.value, method, ...(date ? { date } : {}) });
  }
  return (
    <section aria-labelledby="pay-title" className="form-box">
      <h3 id="pay-title">Record a payment</h3>
      <p>
        Paid so far: {format.money(po.paid_amount)} of {format.money(po.total)}.
      </p>
      <form onSubmit={submit} noValidate>
        <span className="field">
          <label htmlFor={ids.amount}>Amount paid</label>
          <input id={ids.amount} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </span>
        <span className="field">
          <label htmlFor={ids.date}>Payment date</label>
          <input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </span>
        <span className="field">
          <label htmlFor={ids.method}>Method</label>
          <select id={ids.method} value={method} onChange={(e) => setMethod(e.target.value as Method)}>
            <option value="bank_transfer">bank transfer</option>
            <option value="cash">cash</option>
            <option value="card">card</option>
          </select>
        </span>
        <p>
          <button type="submit" disabled={pay.isPending}>
            Record payment
          </button>
        </p>
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        {pay.error && <ErrorView error={pay.error} />}
      </form>
    </section>
  );
}
