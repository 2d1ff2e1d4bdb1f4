import { useParams } from '@tanstack/react-router';
import { Page } from '../../ui/Page';
import '../../ui/part2-forms.css';
import { SubNav } from '../inventory/common/SubNav';
import { FinanceSummary } from './FinanceSummary';
import { FinanceTransactions } from './FinanceTransactions';
import { NewExpense } from './NewExpense';
import { NewPayrollRun } from './NewPayrollRun';
import { TaxReport } from './TaxReport';

const LINKS = [
  { to: '/finance', name: 'Summary and transactions' },
  { to: '/finance/tax', name: 'Tax report' },
];

/**
 * docs/api.md 16's Finance: the summary of a period, the transactions (filters and page in the URL),
 * New expense, New payroll run; and, its own URL below /finance, the tax report (docs/api.md 22).
 */
export default function FinancePage() {
  const params: { _splat?: string } = useParams({ strict: false });
  const parts = (params._splat ?? '').split('/').filter(Boolean);
  const view = parts[0] ?? '';
  let body;
  if (view === '')
    body = (
      <>
        <FinanceSummary />
        <FinanceTransactions />
        <div className="columns">
          <NewExpense />
          <NewPayrollRun />
        </div>
      </>
    );
  else if (view === 'tax' && parts.length === 1) body = <TaxReport />;
  else body = <p role="alert">There is no such view of finance.</p>;
  return (
    <Page title="Finance">
      <SubNav label="Finance" links={LINKS} current={view ? `/finance/${view}` : '/finance'} />
      {body}
    </Page>
  );
}
