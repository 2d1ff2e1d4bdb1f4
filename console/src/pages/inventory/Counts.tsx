import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow, shownError } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { ErrorView } from '../../ui/ErrorView';
import { nameOf, useProductsById, useWarehouses, type Product } from './common/lookups';
import { attemptKey, COUNTED, parseNumber } from './common/numbers';
import { WarehouseSelect } from './common/WarehouseSelect';
import { ListView, TableScroll, type Column } from '../../ui/list/ListPage';
import { CategorySelect } from '../products/CategorySelect';
import { StockScan } from './common/StockScan';
import { plusOne } from './common/stock-scan';

/** A line of a count in progress: the expected quantity is what the screen showed when it started. */
interface CountLine {
  product_id: string;
  name: string;
  sku: string;
  expected: number | string;
}

interface Changed {
  product_id: string;
  expected: number | string;
  actual: number | string;
}

const PER_COUNT = 50;
/** A category's count takes all its active products, read 100 a page, up to what one count may post. */
const PER_CATEGORY_COUNT = 500;

/** The stock of one warehouse as a product shows it (0 when it has none there). */
function stockIn(product: Product, warehouseId: string): number | string {
  return product.stock_by_warehouse.find((w) => w.warehouse_id === warehouseId)?.quantity ?? 0;
}

/**
 * Stock counts (docs/api.md 14): the warehouse and which products (a search, at most 50 a count, or
 * a category, all of its active products up to 500) in the URL; Start count takes each product's stock in that warehouse from the API as the expected
 * quantity shown; Submit count sends the counted quantities with those expected quantities. On 409
 * STOCK_CHANGED nothing was applied: the differences the API reports are shown and Count again takes
 * the current stock as the new expected quantities. While counting, "Scan or search" (a scanner's
 * code and Enter) raises the scanned product's counted quantity by one, adding its line when the count
 * did not list it; a code that names no product says so.
 */
export function Counts() {
  const ids = { search: useId(), note: useId(), category: useId() };
  const format = useFormat();
  const queryClient = useQueryClient();
  const warehouses = useWarehouses();
  const defaultWarehouse = warehouses.data?.data.find((w) => w.is_default)?.id ?? '';
  const [state, set] = useUrlState({ warehouse: '', search: '', category: '', page: '1' });
  const warehouseId = state.warehouse || defaultWarehouse;
  const [search, setSearch] = useState(state.search);
  const [lines, setLines] = useState<CountLine[] | null>(null);
  /** The warehouse the count in progress was started in (its expected quantities are that warehouse's). */
  const [countWarehouse, setCountWarehouse] = useState('');
  const [counted, setCounted] = useState<Record<string, string>>({});
  // what scans read and raise: several scans can be applied before the next render
  const shown = useRef({ lines, counted });
  shown.current = { lines, counted };
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [changed, setChanged] = useState<Changed[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  // after Start count or Count again: the counted quantity to type first gets the focus, once rendered
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    const el = document.getElementById(focusId);
    if (el) {
      el.focus();
      setFocusId(null);
    }
  }, [focusId, lines]);

  async function load(term: string, warehouse: string, category: string): Promise<CountLine[] | null> {
    setLoading(true);
    setLoadError(null);
    try {
      const found: Product[] = [];
      const perPage = category ? 100 : PER_COUNT;
      for (let page = 1; ; page++) {
        const query = { is_active: true, page, per_page: perPage, ...(term ? { search: term } : {}), ...(category ? { category_id: category } : {}) };
        const body = dataOrThrow(await api.GET('/api/v1/products', { params: { query } }));
        found.push(...body.data);
        if (!category || page >= body.meta.total_pages || found.length >= PER_CATEGORY_COUNT) break;
      }
      return found
        .slice(0, category ? PER_CATEGORY_COUNT : PER_COUNT)
        .map((p) => ({ product_id: p.id, name: p.name, sku: p.sku, expected: stockIn(p, warehouse) }));
    } catch (err) {
      setLoadError(err);
      return null;
    } finally {
      setLoading(false);
    }
  }

  async function start(e: FormEvent) {
    e.preventDefault();
    set({ search: search.trim() });
    const loaded = await load(search.trim(), warehouseId, state.category);
    if (!loaded) return;
    setCountWarehouse(warehouseId);
    submitCount.reset();
    setChanged(null);
    setCounted({});
    setLines(loaded);
    setFocusId('scan');
  }

  /** A scan: one more of the product (its line added when the count did not list it), announced. */
  function scanned(product: Product): string {
    const now = shown.current;
    if (!now.lines) return 'Start a count first.';
    const raised = plusOne(now.counted[product.id] ?? '');
    if (raised === null) return `${product.name}: the counted quantity typed is not a number; correct it, then scan again.`;
    if (!now.lines.some((l) => l.product_id === product.id)) {
      const line = { product_id: product.id, name: product.name, sku: product.sku, expected: stockIn(product, countWarehouse) };
      now.lines = [...now.lines, line];
      setLines(now.lines);
    }
    now.counted = { ...now.counted, [product.id]: raised };
    setCounted(now.counted);
    return `${product.name}: ${format.quantity(raised)} counted.`;
  }

  async function countAgain() {
    const loaded = await load(state.search, countWarehouse, state.category);
    if (!loaded || !changed) return;
    const again = new Set(changed.map((c) => c.product_id));
    setCounted((c) => Object.fromEntries(Object.entries(c).filter(([id]) => !again.has(id))));
    setLines(loaded);
    setChanged(null);
    submitCount.reset();
    setFocusId(`counted-${[...again][0]}`);
  }

  const submitCount = useMutation({
    mutationFn: async (body: { warehouse_id: string; items: { product_id: string; counted_quantity: number; expected_quantity: number }[]; note?: string }) => {
      const result = await api.POST('/api/v1/stock/counts', { body, headers: { 'Idempotency-Key': attemptKey() } });
      return dataOrThrow(result).data;
    },
    onSuccess: () => {
      setLines(null);
      setCounted({});
      setNote('');
      void queryClient.invalidateQueries();
    },
    onError: (error) => {
      const shown = shownError(error);
      if (shown.code === 'STOCK_CHANGED' && shown.details) setChanged(shown.details as unknown as Changed[]);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!lines) return;
    const items = [];
    for (const line of lines) {
      const text = counted[line.product_id] ?? '';
      if (text.trim() === '') continue;
      const q = parseNumber(text, COUNTED);
      if ('problem' in q) return setProblem(`Counted of ${line.name}: ${q.problem}`);
      items.push({ product_id: line.product_id, counted_quantity: q.value, expected_quantity: Number(line.expected) });
    }
    if (items.length === 0) return setProblem('Type the counted quantity of at least one product (blank lines are not counted).');
    setProblem('');
    setChanged(null);
    submitCount.mutate({ warehouse_id: countWarehouse, items, ...(note.trim() ? { note: note.trim() } : {}) });
  }

  const names = new Map((lines ?? []).map((l) => [l.product_id, l]));
  const stockChanged = shownError(submitCount.error).code === 'STOCK_CHANGED';

  return (
    <>
      <section aria-labelledby="start-count-title" className="form-box">
        <h2 id="start-count-title">Count stock</h2>
        <form onSubmit={(e) => void start(e)} noValidate>
          <WarehouseSelect label="Warehouse to count" value={warehouseId} onChange={(warehouse) => set({ warehouse })} />
          <CategorySelect
            className="field"
            id={ids.category}
            label="Category to count"
            empty="Any category"
            value={state.category}
            onChange={(category) => set({ category })}
          />
          <span className="field">
            <label htmlFor={ids.search}>Products to count (name, SKU or barcode; blank for the first {PER_COUNT}, or all of the category)</label>
            <input id={ids.search} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </span>
          <p>
            <button type="submit" disabled={loading || !warehouseId}>
              Start count
            </button>
          </p>
        </form>
        {loading && <p role="status">Loading the expected quantities…</p>}
        {loadError ? <ErrorView error={loadError} /> : null}
      </section>

      {lines && (
        <section aria-labelledby="count-title">
          <h2 id="count-title">Count in progress</h2>
          <p>In {warehouses.data?.data.find((w) => w.id === countWarehouse)?.name ?? 'the warehouse'}; leave a line blank to not count it.</p>
          <StockScan
            onProduct={scanned}
            hint="Scan each item on the shelf (a barcode or SKU and Enter): its counted quantity goes up by one. A product not listed is added."
          />
          {lines.length === 0 ? (
            <p>No active product matches; scan what is on the shelf, or change the search and start again.</p>
          ) : (
            <form onSubmit={submit} noValidate>
              <TableScroll label="Products being counted">
                <table>
                  <caption className="sr-only">Products being counted, with the quantity expected in the warehouse</caption>
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">SKU</th>
                      <th scope="col" className="num">
                        Expected
                      </th>
                      <th scope="col">Counted</th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((line) => (
                      <tr key={line.product_id}>
                        <td>{line.name}</td>
                        <td>{line.sku}</td>
                        <td className="num">{format.quantity(line.expected)}</td>
                        <td>
                          <input
                            id={`counted-${line.product_id}`}
                            aria-label={`Counted ${line.name}`}
                            inputMode="decimal"
                            value={counted[line.product_id] ?? ''}
                            onChange={(e) => setCounted((c) => ({ ...c, [line.product_id]: e.target.value }))}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <span className="field">
                <label htmlFor={ids.note}>Note</label>
                <input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} />
              </span>
              <p>
                <button type="submit" disabled={submitCount.isPending}>
                  Submit count
                </button>
              </p>
              {problem && (
                <p role="alert" className="problem">
                  {problem}
                </p>
              )}
            </form>
          )}
        </section>
      )}

      {stockChanged && changed && (
        <section aria-labelledby="changed-title">
          <h2 id="changed-title">The stock changed while you counted</h2>
          <p role="alert">Nothing of this count was applied (STOCK_CHANGED): these products moved since the count started.</p>
          <TableScroll label="Products that moved">
            <table>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="num">
                    Expected when counted
                  </th>
                  <th scope="col" className="num">
                    Stock now
                  </th>
                </tr>
              </thead>
              <tbody>
                {changed.map((c) => (
                  <tr key={c.product_id}>
                    <td>{names.get(c.product_id)?.name ?? c.product_id}</td>
                    <td className="num">{format.quantity(c.expected)}</td>
                    <td className="num">{format.quantity(c.actual)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p>
            <button type="button" onClick={() => void countAgain()}>
              Count again
            </button>
          </p>
        </section>
      )}
      {submitCount.error && !stockChanged && <ErrorView error={submitCount.error} />}
      {submitCount.data && (
        <section aria-labelledby="count-done-title">
          <h2 id="count-done-title">Count {submitCount.data.count_number} recorded</h2>
          <p role="status">The stock of the counted products is now what was counted.</p>
          <CountItems items={submitCount.data.items} />
        </section>
      )}

      <CountList page={state.page} onPage={(page) => set({ page: String(page) })} />
    </>
  );
}

function CountItems({ items }: { items: { product_id: string; expected_quantity: number; counted_quantity: number; difference: number }[] }) {
  const format = useFormat();
  const products = useProductsById(items.map((i) => i.product_id));
  return (
    <TableScroll label="Counted products">
      <table>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Expected
            </th>
            <th scope="col" className="num">
              Counted
            </th>
            <th scope="col" className="num">
              Difference
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.product_id}>
              <td>{nameOf(products, i.product_id)}</td>
              <td className="num">{format.quantity(i.expected_quantity)}</td>
              <td className="num">{format.quantity(i.counted_quantity)}</td>
              <td className="num">{format.quantity(i.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CountList({ page, onPage }: { page: string; onPage: (page: number) => void }) {
  const format = useFormat();
  const warehouses = useWarehouses();
  const names = new Map((warehouses.data?.data ?? []).map((w) => [w.id, w]));
  const query = $api.useQuery('get', '/api/v1/stock/counts', { params: { query: { page: pageNumber(page), per_page: 10 } } });
  type Count = NonNullable<typeof query.data>['data'][number];
  const columns: Column<Count>[] = [
    { header: 'Number', rowHeader: true, cell: (c) => c.count_number },
    { header: 'Warehouse', cell: (c) => nameOf(names, c.warehouse_id) },
    { header: 'Products', num: true, cell: (c) => c.items.length },
    { header: 'When', cell: (c) => format.dateTime(c.created_at) },
    { header: 'Note', cell: (c) => c.note ?? '' },
  ];
  return (
    <section aria-labelledby="counts-title">
      <h2 id="counts-title">Past counts</h2>
      <ListView what="counts" caption="Counts" query={query} columns={columns} rowKey={(c) => c.id} empty="No counts yet." onPage={onPage} />
    </section>
  );
}
