import { Link } from '@tanstack/react-router';
import { useMay } from '../../frame/use-scopes';
import type { ImportKind } from './import-status';

const ACTION = { products: 'importProducts', customers: 'importCustomers', stock: 'importStock' } as const;

/** docs/api.md 16's **Import** on Products, Customers and Inventory: the imports page with this kind chosen, for a key that may import it. */
export function ImportLink({ kind }: { kind: ImportKind }) {
  const may = useMay(ACTION[kind]);
  if (!may) return null;
  return (
    <Link to="/imports" search={{ kind }}>
      Import
    </Link>
  );
}
