import { useParams } from '@tanstack/react-router';
import { Page } from '../../ui/Page';
import { ImportLink } from '../imports/ImportLink';
import { Adjustments } from './Adjustments';
import { SubNav } from './common/SubNav';
import './common/stock.css';
import { Counts } from './Counts';
import { Reorder } from './Reorder';
import { TransferView } from './TransferView';
import { Transfers } from './Transfers';

const LINKS = [
  { to: '/inventory/adjustments', name: 'Adjustments' },
  { to: '/inventory/transfers', name: 'Transfers' },
  { to: '/inventory/counts', name: 'Counts' },
  { to: '/inventory/reorder', name: 'Reorder' },
];

/**
 * docs/api.md 16's Inventory: one page (one h1) whose sub-views have their own URLs below
 * /inventory (the route is `/inventory/$`): adjustments, transfers and a transfer's page, counts,
 * reorder suggestions.
 */
export default function InventoryPage() {
  const params: { _splat?: string } = useParams({ strict: false });
  const parts = (params._splat ?? '').split('/').filter(Boolean);
  const view = parts[0] ?? 'adjustments';
  let body;
  if (view === 'adjustments' && parts.length <= 1) body = <Adjustments />;
  else if (view === 'transfers' && parts.length === 1) body = <Transfers />;
  else if (view === 'transfers' && parts.length === 2) body = <TransferView id={parts[1]} />;
  else if (view === 'counts' && parts.length === 1) body = <Counts />;
  else if (view === 'reorder' && parts.length === 1) body = <Reorder />;
  else body = <p role="alert">There is no such view of the inventory.</p>;
  return (
    <Page title="Inventory">
      <SubNav label="Inventory" links={LINKS} current={`/inventory/${view}`} />
      <p className="actions">
        <ImportLink kind="stock" />
      </p>
      {body}
    </Page>
  );
}
