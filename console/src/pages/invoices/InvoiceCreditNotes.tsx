import { Link } from '@tanstack/react-router';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import { TableScroll } from '../../ui/list/ListPage';

/** The credit notes of one invoice (GET /credit-notes?invoice_id=), paged, the page in the URL (`?notes_page=`). */
export function InvoiceCreditNotes({ invoiceId }: { invoiceId: string }) {
  const [state, set] = useUrlState({ notes_page: '1' });
  const format = useFormat();
  const notes = $api.useQuery('get', '/api/v1/credit-notes', {
    params: { query: { invoice_id: invoiceId, page: pageNumber(state.notes_page), per_page: 20 } },
  });
  return (
    <section aria-labelledby="credit-notes-title">
      <h2 id="credit-notes-title">Credit notes</h2>
      <QueryState query={notes} what="the credit notes" isEmpty={(body) => body.data.length === 0} empty="No credit note for this invoice.">
        {(body) => (
          <>
            <TableScroll label="Credit notes">
              <table>
                <caption className="sr-only">Credit notes</caption>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">Created</th>
                    <th scope="col">Order</th>
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((note) => (
                    <tr key={note.id}>
                      <td>{note.credit_note_number}</td>
                      <td>{format.dateTime(note.created_at)}</td>
                      <td>
                        <Link to={`/orders/${note.sale_id}`}>Order of {note.credit_note_number}</Link>
                      </td>
                      <td className="num">{format.money(note.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager meta={body.meta} what="credit notes" onPage={(page) => set({ notes_page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}
