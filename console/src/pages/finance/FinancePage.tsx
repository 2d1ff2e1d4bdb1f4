import { Page } from '../../ui/Page';
import '../../ui/part2-forms.css';
import { FinanceSummary } from './FinanceSummary';
import { FinanceTransactions } from './FinanceTransactions';
import { NewExpense } from './NewExpense';
import { NewPayrollRun } from './NewPayrollRun';

/** docs/api.md 16's Finance: the summary of a period, the transactions (filters and page in the URL), New expense, New payroll run. */
export default function FinancePage() {
  return (
    <Page title="Finance">
      <FinanceSummary />
      <FinanceTransactions />
      <div className="columns">
        <NewExpense />
        <NewPayrollRun />
      </div>
    </Page>
  );
}
