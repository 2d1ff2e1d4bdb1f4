import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saleLines, type SaleLine } from './sale-lines';
import { useScanner } from './use-scanner';

type P = SaleLine['product'];
const product = (sku: string, price = 2.5): P => ({ id: `id-${sku}`, name: `Product ${sku}`, sku, price, unit: 'unit' });

/** The field and the lines as New sale wires them. */
function Harness({ lookup }: { lookup: (code: string) => Promise<P | null> }) {
  const [lines, dispatch] = useReducer(saleLines, []);
  const [missing, setMissing] = useState<string[]>([]);
  const [stale, setStale] = useState<string[]>([]);
  const scanner = useScanner({
    lookup,
    onFound: (p) => dispatch({ type: 'add', product: p }),
    onMissing: (code) => setMissing((m) => [...m, code]),
    onStale: (code) => setStale((s) => [...s, code]),
  });
  return (
    <>
      <label>
        Scan or search
        <input value={scanner.value} onChange={(e) => scanner.setValue(e.target.value)} onKeyDown={scanner.onKeyDown} />
      </label>
      <ul aria-label="Lines">
        {lines.map((line) => (
          <li key={line.product.id}>{`${line.product.sku} x ${line.quantity}`}</li>
        ))}
      </ul>
      <p>{`missing: ${missing.join(',')}`}</p>
      <p>{`pending: ${scanner.pending}`}</p>
      <p>{`looking up: ${scanner.lookingUp.join(',')}`}</p>
      <p>{`stale: ${stale.join(',')}`}</p>
      <button
        type="button"
        onClick={() => {
          dispatch({ type: 'clear' });
          scanner.newSale();
        }}
      >
        New sale
      </button>
    </>
  );
}

const linesShown = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

afterEach(cleanup);

describe('useScanner: the "Scan or search" field', () => {
  it('adds a line for each code followed by Enter, and empties the field for the next', async () => {
    const catalog = new Map([
      ['4006381333931', product('ESP-1KG')],
      ['CUP-S', product('CUP-S')],
    ]);
    const lookup = vi.fn((code: string) => Promise.resolve(catalog.get(code) ?? null));
    render(<Harness lookup={lookup} />);
    const user = userEvent.setup({ delay: null });
    const field = screen.getByLabelText('Scan or search');
    await user.type(field, '4006381333931{Enter}');
    await waitFor(() => expect(linesShown()).toEqual(['ESP-1KG x 1']));
    expect(field).toHaveProperty('value', '');
    await user.type(field, 'CUP-S{Enter}');
    await waitFor(() => expect(linesShown()).toEqual(['ESP-1KG x 1', 'CUP-S x 1']));
    expect(lookup.mock.calls.map(([code]) => code)).toEqual(['4006381333931', 'CUP-S']);
  });

  it('raises the quantity on a repeated code, without asking the API again', async () => {
    const lookup = vi.fn((code: string) => Promise.resolve(code === '4006381333931' ? product('ESP-1KG') : null));
    render(<Harness lookup={lookup} />);
    const user = userEvent.setup({ delay: null });
    const field = screen.getByLabelText('Scan or search');
    await user.type(field, '4006381333931{Enter}');
    await waitFor(() => expect(linesShown()).toEqual(['ESP-1KG x 1']));
    await user.type(field, '4006381333931{Enter}4006381333931{Enter}');
    await waitFor(() => expect(linesShown()).toEqual(['ESP-1KG x 3']));
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('keeps up with a scanner typing codes back to back, in the order scanned, whichever lookup answers first', async () => {
    const answers = new Map<string, (p: P | null) => void>();
    const lookup = (code: string) => new Promise<P | null>((resolve) => answers.set(code, resolve));
    render(<Harness lookup={lookup} />);
    const user = userEvent.setup({ delay: null });
    const field = screen.getByLabelText('Scan or search');
    // no pause between keys: the whole burst before any lookup answers
    await user.type(field, 'AAA-1{Enter}BBB-2{Enter}AAA-1{Enter}ZZZ-9{Enter}');
    expect(field).toHaveProperty('value', '');
    expect([...answers.keys()]).toEqual(['AAA-1', 'BBB-2', 'ZZZ-9']); // one lookup per code
    expect(screen.getByText('pending: 4')).toBeTruthy();
    expect(screen.getByText('looking up: AAA-1,BBB-2,AAA-1,ZZZ-9')).toBeTruthy();
    await act(async () => {
      answers.get('ZZZ-9')!(null);
      answers.get('BBB-2')!(product('BBB-2'));
      answers.get('AAA-1')!(product('AAA-1'));
      await Promise.resolve();
    });
    await waitFor(() => expect(linesShown()).toEqual(['AAA-1 x 2', 'BBB-2 x 1']));
    expect(screen.getByText('missing: ZZZ-9')).toBeTruthy();
    expect(screen.getByText('pending: 0')).toBeTruthy();
  });

  it('ignores Enter on an empty field and reports a failed lookup as missing', async () => {
    const lookup = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Harness lookup={lookup} />);
    const user = userEvent.setup({ delay: null });
    const field = screen.getByLabelText('Scan or search');
    await user.type(field, '{Enter}   {Enter}X-1{Enter}');
    await waitFor(() => expect(screen.getByText('missing: X-1')).toBeTruthy());
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(linesShown()).toEqual([]);
  });

  it('adds a lookup that answers after its sale was placed to no other sale, and reports it', async () => {
    const answers = new Map<string, (p: P | null) => void>();
    const lookup = (code: string) => new Promise<P | null>((resolve) => answers.set(code, resolve));
    render(<Harness lookup={lookup} />);
    const user = userEvent.setup({ delay: null });
    const field = screen.getByLabelText('Scan or search');
    await user.type(field, 'AAA-1{Enter}');
    await user.click(screen.getByRole('button', { name: 'New sale' })); // the sale was placed
    await user.type(field, 'BBB-2{Enter}');
    await act(async () => {
      answers.get('AAA-1')!(product('AAA-1'));
      answers.get('BBB-2')!(product('BBB-2'));
      await Promise.resolve();
    });
    await waitFor(() => expect(linesShown()).toEqual(['BBB-2 x 1']));
    expect(screen.getByText('stale: AAA-1')).toBeTruthy();
    expect(screen.getByText('pending: 0')).toBeTruthy();
    // known now: in this sale a scan of it adds at once
    await user.type(field, 'AAA-1{Enter}');
    await waitFor(() => expect(linesShown()).toEqual(['BBB-2 x 1', 'AAA-1 x 1']));
  });
});
