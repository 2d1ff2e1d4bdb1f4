import { Navigate, useParams } from '@tanstack/react-router';
import { grants, ACTION_SCOPES } from '../../frame/scopes';
import { useWho } from '../../frame/who';
import { Page } from '../../ui/Page';
import { SubNav } from '../inventory/common/SubNav';
import '../inventory/common/stock.css';
import { REPORT_VIEWS, reportPath } from './report-views';

/**
 * docs/api.md 16's Reports: where an owner looks for the figures of the business. One page (one h1),
 * each report a sub-view with its own URL (`/reports/margin`, the route is `/reports/$`), those the
 * key's scopes allow (report-views.ts); `/reports` opens the first of them.
 */
export default function ReportsPage() {
  const params: { _splat?: string } = useParams({ strict: false });
  const { scopes } = useWho();
  const allowed = REPORT_VIEWS.filter((view) => grants(scopes, ACTION_SCOPES[view.may]));
  const parts = (params._splat ?? '').split('/').filter(Boolean);
  if (parts.length === 0 && allowed.length > 0) return <Navigate to={reportPath(allowed[0])} replace />;
  const shown = parts.length === 1 ? allowed.find((view) => 'slug' in view && view.slug === parts[0]) : undefined;
  const View = shown && 'view' in shown ? shown.view : null;
  return (
    <Page title="Reports">
      <SubNav label="Reports" links={allowed.map((view) => ({ to: reportPath(view), name: view.name }))} current={`/reports/${parts[0] ?? ''}`} />
      {View ? <View /> : <p role="alert">There is no such report.</p>}
    </Page>
  );
}
