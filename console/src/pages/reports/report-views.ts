import type { ComponentType } from 'react';
import type { ACTION_SCOPES } from '../../frame/scopes';
import { CustomersReport } from './CustomersReport';
import { MarginReport } from './MarginReport';
import { ValuationReport } from './ValuationReport';

/**
 * Reports' sub-views (docs/api.md 16): each its own URL below /reports, shown in the sub-navigation to
 * a key whose scopes allow its read (`may`, frame/scopes.ts ACTION_SCOPES). A report joins with ONE
 * entry here: a view of its own (`slug` and `view`), or a link (`to`) to a report that lives on
 * another page.
 *
 * The tax report (docs/api.md 22, `GET /reports/tax`, scope `finance`) has its page under Finance and
 * is listed here as a link.
 */
export type ReportView = { name: string; may: keyof typeof ACTION_SCOPES } & ({ slug: string; view: ComponentType } | { to: string });

export const REPORT_VIEWS: ReportView[] = [
  { slug: 'margin', name: 'Margin', may: 'marginReport', view: MarginReport },
  { slug: 'valuation', name: 'Stock valuation', may: 'valuationReport', view: ValuationReport },
  { slug: 'customers', name: 'Customers', may: 'customersReport', view: CustomersReport },
  { name: 'Tax', to: '/finance/tax', may: 'taxReport' },
];

/** The console path of a report view: its own below /reports, or the page it lives on. */
export function reportPath(view: ReportView): string {
  return 'to' in view ? view.to : `/reports/${view.slug}`;
}
