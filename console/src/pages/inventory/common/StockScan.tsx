import { useRef, useState } from 'react';
import { shownError } from '../../../api/errors';
import { productByCode } from '../../new-sale/lookup';
import { ScanField } from '../../new-sale/ScanField';
import { useScanner } from '../../new-sale/use-scanner';
import type { Product } from './lookups';

/**
 * The till's "Scan or search" on a stock screen (receiving, counting): a barcode or SKU and Enter
 * (as a scanner types it), or a name picked from the suggestions, is one more of that product:
 * `onProduct` raises its line and returns the sentence announced in the field's status; a code
 * that names no product says so there.
 */
export function StockScan({ onProduct, hint, autoFocus = false }: { onProduct: (product: Product) => string; hint: string; autoFocus?: boolean }) {
  const [status, setStatus] = useState('');
  const handler = useRef(onProduct);
  handler.current = onProduct;
  const scanner = useScanner<Product>({
    lookup: productByCode,
    onFound: (product) => setStatus(handler.current(product)),
    onMissing: (code, error) =>
      setStatus(error ? `Could not look up “${code}”: ${shownError(error).message}` : `No active product has the barcode or SKU “${code}”.`),
    onStale: () => undefined,
  });
  const shown = scanner.pending > 0 ? `Looking up ${scanner.lookingUp.join(', ')}…` : status;
  return <ScanField scanner={scanner} onChoose={(product) => setStatus(handler.current(product))} status={shown} hint={hint} autoFocus={autoFocus} />;
}
