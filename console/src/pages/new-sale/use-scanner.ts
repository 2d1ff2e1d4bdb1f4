import { useCallback, useRef, useState, type KeyboardEvent } from 'react';

export interface ScannerOptions<P> {
  /** The product a code names (an exact SKU or barcode, else a unique name match), or null. */
  lookup: (code: string) => Promise<P | null>;
  /** A code was found: add its product (or raise its quantity). Called in the order the codes were entered. */
  onFound: (product: P, code: string) => void;
  /** A code named nothing, or its lookup failed (`error` then). */
  onMissing: (code: string, error?: unknown) => void;
  /** A code entered in a sale that `newSale()` has closed since: its product is added to no sale. */
  onStale: (code: string) => void;
}

export interface Scanner {
  /** The field's text. */
  value: string;
  setValue: (value: string) => void;
  /** Enters a code as Enter does: the field empties at once, ready for the next scan. */
  enter: (code: string) => void;
  /** Enter in the field: enters its text (read from the element, so fast typing loses nothing). */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** How many entered codes are still being looked up. */
  pending: number;
  /** The codes still being looked up, in the order entered. */
  lookingUp: string[];
  /** The sale the codes were entered in is placed: what its lookups still find goes to `onStale`, not to the next sale. */
  newSale: () => void;
}

/**
 * The "Scan or search" field's logic. A barcode scanner types a code and Enter, fast, again and
 * again; a clerk types an SKU and Enter. Each code is looked up once (the same code scanned again while its lookup runs waits for it; a code found before is known at
 * once: a repeated scan raises the quantity without a request) and the results are applied in the
 * order the codes were entered, whichever lookup answers first. Each code belongs to the sale it
 * was entered in: a lookup that answers after that sale was placed adds to no other.
 */
export function useScanner<P>({ lookup, onFound, onMissing, onStale }: ScannerOptions<P>): Scanner {
  const [value, setValue] = useState('');
  const [lookingUp, setLookingUp] = useState<string[]>([]);
  const known = useRef(new Map<string, P>());
  const asked = useRef(new Map<string, Promise<P | null>>());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef<string[]>([]);
  const sale = useRef(0);
  const handlers = useRef({ lookup, onFound, onMissing, onStale });
  handlers.current = { lookup, onFound, onMissing, onStale };

  const enter = useCallback((raw: string) => {
    const code = raw.trim();
    setValue('');
    if (!code) return;
    const hit = known.current.get(code);
    if (hit !== undefined && waiting.current.length === 0) {
      handlers.current.onFound(hit, code);
      return;
    }
    // started now (in parallel with the others), applied after every earlier code
    let found = hit !== undefined ? Promise.resolve(hit) : asked.current.get(code);
    if (!found) {
      found = handlers.current.lookup(code);
      asked.current.set(code, found);
      const forget = () => asked.current.delete(code);
      found.then(forget, forget);
    }
    const enteredIn = sale.current;
    waiting.current = [...waiting.current, code];
    setLookingUp(waiting.current);
    queue.current = queue.current.then(async () => {
      try {
        const product = await found;
        if (product !== null) known.current.set(code, product);
        if (enteredIn !== sale.current) handlers.current.onStale(code);
        else if (product === null) handlers.current.onMissing(code);
        else handlers.current.onFound(product, code);
      } catch (error) {
        if (enteredIn !== sale.current) handlers.current.onStale(code);
        else handlers.current.onMissing(code, error);
      } finally {
        waiting.current = waiting.current.slice(1);
        setLookingUp(waiting.current);
      }
    });
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      enter(event.currentTarget.value);
    },
    [enter],
  );

  const newSale = useCallback(() => {
    sale.current += 1;
  }, []);

  return { value, setValue, enter, onKeyDown, pending: lookingUp.length, lookingUp, newSale };
}
