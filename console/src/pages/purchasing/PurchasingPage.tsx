import { Navigate, useParams } from '@tanstack/react-router';
import { Page } from '../../ui/Page';
import { SubNav } from '../inventory/common/SubNav';
import '../inventory/common/stock.css';
import { NewOrder } from './NewOrder';
import { Orders } from './Orders';
import { OrderView } from './OrderView';
import { Suppliers } from './Suppliers';

const LINKS = [
  { to: '/purchasing/orders', name: 'Purchase orders' },
  { to: '/purchasing/suppliers', name: 'Suppliers' },
];

/**
 * docs/api.md 16's Purchasing: one page (one h1), sub-views with their own URLs below /purchasing
 * (the route is `/purchasing/$`): purchase orders, a new one, an order's page, suppliers (one
 * of them opened: `/purchasing/suppliers/<id>`). The valuation and margin reports moved to Reports
 * (`/purchasing/reports` leads there).
 */
export default function PurchasingPage() {
  const params: { _splat?: string } = useParams({ strict: false });
  const parts = (params._splat ?? '').split('/').filter(Boolean);
  const view = parts[0] ?? 'orders';
  let body;
  if (view === 'orders' && parts.length <= 1) body = <Orders />;
  else if (view === 'orders' && parts[1] === 'new' && parts.length === 2) body = <NewOrder />;
  else if (view === 'orders' && parts.length === 2) body = <OrderView id={parts[1]} />;
  else if (view === 'suppliers' && parts.length === 1) body = <Suppliers />;
  else if (view === 'suppliers' && parts.length === 2) body = <Suppliers key={parts[1]} opened={parts[1]} />;
  else if (view === 'reports' && parts.length === 1) return <Navigate to="/reports/margin" replace />;
  else body = <p role="alert">There is no such view of purchasing.</p>;
  return (
    <Page title="Purchasing">
      <SubNav label="Purchasing" links={LINKS} current={`/purchasing/${view}`} />
      {body}
    </Page>
  );
}
