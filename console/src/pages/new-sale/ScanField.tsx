import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useFormat } from '../../frame/business';
import { useDebounced } from '../../lib/use-debounced';
import { productsNamed } from './lookup';
import type { Product } from './sale-lines';
import type { Scanner } from './use-scanner';
import './scan-field.css';

const TILL_HINT = 'A barcode or SKU and Enter adds the product (again: one more). Or type a name and pick with the arrow keys and Enter.';

/**
 * "Scan or search": a combobox. A code and Enter goes to the scanner (useScanner); a name typed and
 * a pause offers the matching active products, chosen with the arrow keys and Enter (or a click).
 * The till's by default; a stock screen gives its own `hint` and may not take the focus at once.
 */
export function ScanField({
  scanner,
  onChoose,
  status,
  hint = TILL_HINT,
  autoFocus = true,
}: {
  scanner: Scanner;
  onChoose: (product: Product) => void;
  status: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const format = useFormat();
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  const text = useDebounced(scanner.value.trim(), 250);
  const typed = scanner.value.trim();
  const asking = typed.length >= 2 && text === typed;
  const found = useQuery({
    queryKey: ['products-named', text],
    queryFn: ({ signal }) => productsNamed(text, signal),
    enabled: asking,
    staleTime: 10_000,
  });
  const options = asking && open ? (found.data ?? []) : [];
  const shown = options.length > 0;

  function choose(product: Product) {
    onChoose(product);
    scanner.setValue('');
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && shown && active >= 0 && active < options.length) {
      event.preventDefault();
      choose(options[active]);
    } else {
      if (event.key === 'Enter') setActive(-1);
      scanner.onKeyDown(event);
    }
  }

  return (
    <div className="scan">
      <label htmlFor="scan">Scan or search</label>
      <input
        id="scan"
        role="combobox"
        aria-expanded={shown}
        aria-controls="scan-options"
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `scan-option-${active}` : undefined}
        aria-describedby="scan-hint scan-status"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        value={scanner.value}
        onChange={(e) => {
          scanner.setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <p id="scan-hint" className="hint">
        {hint}
      </p>
      <ul id="scan-options" role="listbox" aria-label="Matching products" className="options" hidden={!shown}>
        {options.map((product, i) => (
          <li
            key={product.id}
            id={`scan-option-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(product)}
          >
            {product.name}{' '}
            <span className="hint">
              {product.sku} · {format.money(product.price)} · {format.quantity(product.stock)} in stock
            </span>
          </li>
        ))}
      </ul>
      <p id="scan-status" role="status" className="hint">
        {status}
      </p>
    </div>
  );
}
