import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { usePathParam } from '../../frame/use-path-param';
import { taxRows } from '../../lib/taxes';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/States';
import '../../ui/part2-forms.css';
import { InvoiceCreditNotes } from './InvoiceCreditNotes';
import { InvoiceDocument } from './InvoiceDocument';
import { InvoiceStatusActions } from './InvoiceStatusActions';
import { statusLabel, type Invoice } from './invoice-status';
import { TableScroll } from '../../ui/list/ListPage';

/**
 * One invoice (docs/api.md 16): its facts, lines and totals (its tax per rate, docs/api.md 22), the status actions, the document
 * (Open PDF, Send, the email status: InvoiceDocument), its credit notes.
 */
export default function InvoicePage() {
  const invoiceId = usePathParam('invoiceId');
  const invoice = $api.useQuery('get', '/api/v1/invoices/{id}', { params: { path: { id: invoiceId } } });
  return (
    <Page title="Invoices">
      <p>
        <Link to="/invoices">All invoices</Link>
      </p>
      <QueryState query={invoice} what="the invoice">
        {({ data }) => <InvoiceView invoice={data} />}
      </QueryState>
    </Page>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const format = useFormat();
  const customer = $api.useQuery(
    'get',
    '/api/v1/customers/{id}',
    { params: { path: { id: invoice.customer_id ?? '' } } },
    { enabled: invoice.customer_id !== null },
  );
  const customerName = customer.data ? (customer.data.data.name ?? customer.data.data.email ?? customer.data.data.phone ?? 'Customer') : 'Customer';
  return (
    <>
      <h2>Invoice {invoice.invoice_number}</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="invoice-status">{statusLabel(invoice.status)}</dd>
        <dt>Customer</dt>
        <dd>{invoice.customer_id ? <Link to={`/customers/${invoice.customer_id}`}>{customerName}</Link> : 'None'}</dd>
        <dt>Sale</dt>
        <dd>{invoice.sale_id ? <Link to={`/orders/${invoice.sale_id}`}>Order of this invoice</Link> : 'None (a manual invoice)'}</dd>
        <dt>Created</dt>
        <dd>{format.dateTime(invoice.created_at)}</dd>
        <dt>Due date</dt>
        <dd>{format.day(invoice.due_date)}</dd>
        <dt>Paid date</dt>
        <dd>{invoice.paid_date ? format.day(invoice.paid_date) : 'Not paid'}</dd>
        {invoice.notes && (
          <>
            <dt>Notes</dt>
            <dd>{invoice.notes}</dd>
          </>
        )}
      </dl>

      <InvoiceStatusActions invoice={invoice} />
      <InvoiceDocument invoice={invoice} />

      <h2>Lines</h2>
      <TableScroll label={`Lines of invoice ${invoice.invoice_number}`}>
        <table>
          <caption className="sr-only">Lines of invoice {invoice.invoice_number}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.map((item, i) => (
              <tr key={`${item.product_id}-${i}`}>
                <td>{item.product_name}</td>
                <td className="num">{format.quantity(item.quantity)}</td>
                <td className="num">{format.money(item.unit_price)}</td>
                <td className="num">{format.money(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <dl className="facts">
        <dt>Subtotal</dt>
        <dd>{format.money(invoice.subtotal)}</dd>
        {taxRows(invoice).map((row) => (
          <Fragment key={row.key}>
            <dt>{row.label}</dt>
            <dd>{format.money(row.amount)}</dd>
          </Fragment>
        ))}
        <dt>Total</dt>
        <dd data-testid="invoice-total">{format.money(invoice.total)}</dd>
        <dt>Credited</dt>
        <dd>{format.money(invoice.credited_amount)}</dd>
      </dl>

      <InvoiceCreditNotes invoiceId={invoice.id} />
    </>
  );
}
