import { useMutation } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { dataOrThrow } from '../../api/errors';
import { openBlob } from '../../api/files';
import { call } from '../../api/staff';
import { useFormat } from '../../frame/business';
import { taxRows } from '../../lib/taxes';
import { ErrorView } from '../../ui/ErrorView';
import { useModal } from '../../ui/use-modal';

type Return = components['schemas']['ReturnJson'];

/** A PDF of the API fetched with the console's credentials and opened for the browser's print dialog (an object URL: CSP script-src 'self' holds). */
function usePrint(path: string) {
  return useMutation({
    mutationFn: async () => {
      const result = await call<Blob>('GET', path, { parseAs: 'blob' });
      if (!result.response.ok) dataOrThrow(result);
      return result.data!;
    },
    onSuccess: (blob) => openBlob(blob),
  });
}

/**
 * The return just made (docs/api.md 21): its refund and how it is paid back, its credit note's number
 * and **Print credit note** (GET /credit-notes/:id/pdf), and **Print receipt** of the order; focus on
 * the first Print, so Enter prints at the counter; Done or Escape closes.
 */
export function ReturnDone({ made, orderId, orderMethod, onClose }: { made: Return; orderId: string; orderMethod: string; onClose: () => void }) {
  const ref = useModal();
  const format = useFormat();
  const titleId = useId();
  const creditNote = usePrint(`/credit-notes/${made.credit_note_id ?? ''}/pdf`);
  const receipt = usePrint(`/orders/${orderId}/receipt`);
  const error = creditNote.error ?? receipt.error;
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>Return {made.return_number} made</h2>
      <dl className="facts">
        <dt>Refund</dt>
        <dd className="refund-total">{format.money(made.total)}</dd>
        <dt>Refunded by</dt>
        <dd>{orderMethod.replace(/_/g, ' ')}</dd>
        {taxRows(made).map((row) => (
          <Fragment key={row.key}>
            <dt>{row.label}</dt>
            <dd>{format.money(row.amount)}</dd>
          </Fragment>
        ))}
        <dt>Credit note</dt>
        <dd>{made.credit_note_number ?? 'None (the order has no invoice)'}</dd>
      </dl>
      <p className="actions">
        {made.credit_note_id && (
          <button type="button" disabled={creditNote.isPending} onClick={() => creditNote.mutate()}>
            {creditNote.isPending ? 'Opening…' : 'Print credit note'}
          </button>
        )}
        <button type="button" disabled={receipt.isPending} onClick={() => receipt.mutate()}>
          {receipt.isPending ? 'Opening…' : 'Print receipt'}
        </button>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </p>
      {error && <ErrorView error={error} />}
    </dialog>
  );
}
