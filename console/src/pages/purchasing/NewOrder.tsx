import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { ErrorView } from '../../ui/ErrorView';
import type { components } from '../../../../test/generated/openapi';
import { type Supplier } from '../inventory/common/lookups';
import { parseNumber, QUANTITY, UNIT_COST } from '../inventory/common/numbers';
import { ProductLine, ProductLines } from '../inventory/common/ProductLines';
import { ProductPicker } from '../inventory/common/ProductPicker';
import { SupplierPicker } from '../inventory/common/SupplierPicker';
import { WarehouseSelect } from '../inventory/common/WarehouseSelect';

type Line = ProductLine<'quantity' | 'unitCost'>;

/** A new purchase order (a draft): supplier, warehouse, expected date, notes, lines with quantity and unit cost. */
export function NewOrder() {
  const ids = { date: useId(), notes: useId() };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [supplier, setSupplier] = useState<Supplier | null>(null);
  const [warehouse, setWarehouse] = useState('');
  const [expected, setExpected] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [problem, setProblem] = useState('');
  const create = useMutation({
    mutationFn: async (body: components['schemas']['CreatePurchaseOrderDto']) => dataOrThrow(await api.POST('/api/v1/purchase-orders', { body })).data,
    onSuccess: (po) => {
      void queryClient.invalidateQueries();
      void navigate({ to: `/purchasing/orders/${po.id}` });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!supplier) return setProblem('Choose a supplier.');
    if (lines.length === 0) return setProblem('Add at least one product.');
    const items = [];
    for (const line of lines) {
      const q = parseNumber(line.quantity, QUANTITY);
      if ('problem' in q) return setProblem(`Quantity of ${line.product.name}: ${q.problem}`);
      const c = parseNumber(line.unitCost, UNIT_COST);
      if ('problem' in c) return setProblem(`Unit cost of ${line.product.name}: ${c.problem}`);
      items.push({ product_id: line.product.id, quantity: q.value, unit_cost: c.value });
    }
    setProblem('');
    create.mutate({
      supplier_id: supplier.id,
      items,
      ...(warehouse ? { warehouse_id: warehouse } : {}),
      ...(expected ? { expected_date: expected } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    });
  }

  return (
    <section aria-labelledby="new-po-title" className="form-box">
      <h2 id="new-po-title">New purchase order</h2>
      <p>
        <Link to="/purchasing/orders">All purchase orders</Link>
      </p>
      <form onSubmit={submit} noValidate>
        <SupplierPicker label="Supplier" chosen={supplier} onChoose={setSupplier} required />
        <WarehouseSelect label="Deliver to" value={warehouse} onChange={setWarehouse} allowDefault />
        <span className="field">
          <label htmlFor={ids.date}>Expected date</label>
          <input id={ids.date} type="date" value={expected} onChange={(e) => setExpected(e.target.value)} />
        </span>
        <span className="field">
          <label htmlFor={ids.notes}>Notes</label>
          <input id={ids.notes} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </span>
        <ProductPicker
          label="Add a product to the order"
          onPick={(product) =>
            setLines((ls) => (ls.some((l) => l.product.id === product.id) ? ls : [...ls, { product, quantity: '1', unitCost: String(product.average_cost) }]))
          }
        />
        {lines.length > 0 && (
          <ProductLines caption="Lines of the new purchase order" columns={{ quantity: 'Quantity', unitCost: 'Unit cost' }} lines={lines} onChange={setLines} />
        )}
        <p>
          <button type="submit" disabled={create.isPending}>
            Create draft
          </button>
        </p>
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        {create.error && <ErrorView error={create.error} />}
      </form>
    </section>
  );
}
