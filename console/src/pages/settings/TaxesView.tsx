import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { invalidatePaths } from '../../api/invalidate';
import { callOrThrow } from '../../api/staff';
import { useTaxRates } from '../../api/tax-rates';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { decimalText } from '../../lib/money';
import { pageNumber } from '../../lib/url-state';
import { rateLabel, rateText, type TaxRate } from '../../lib/taxes';
import { AlertDialog } from '../../ui/AlertDialog';
import { FormError, SubmitButton, TextField, useFieldErrors } from '../../ui/form/Form';
import { ListView, type Column } from '../../ui/list/ListPage';
import { BusinessTaxes } from './BusinessTaxes';

/**
 * docs/api.md 22's tax rates in Settings -> Taxes: the active rates by name (the archived ones too on
 * demand, `?archived=1`, and the page in the URL), Add a rate, Edit, Make default, Delete (a rate some order used is archived
 * instead, and the page says so), then the business's tax settings (BusinessTaxes).
 */
export function TaxesView() {
  const [state, set] = useUrlState({ archived: '', page: '1' });
  const showArchived = state.archived === '1';
  const rates = useTaxRates({ includeArchived: showArchived, page: pageNumber(state.page), perPage: 20 });
  const format = useFormat();
  const [editing, setEditing] = useState<TaxRate | null>(null);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState<unknown>(null);
  const makeDefault = useMutation({
    mutationFn: (rate: TaxRate) => callOrThrow('PUT', `/tax-rates/${rate.id}`, { body: { is_default: true } }),
    onMutate: () => setActionError(null),
    onSuccess: (_data, rate) => setNotice(`${rateLabel(rate)} is now the default rate.`),
    onError: setActionError,
    onSettled: () => invalidatePaths('/api/v1/tax-rates'),
  });
  const columns: Column<TaxRate>[] = [
    { header: 'Name', rowHeader: true, cell: (r) => r.name },
    { header: 'Rate', num: true, cell: (r) => rateText(r.rate) },
    {
      header: 'Default',
      cell: (r) =>
        r.is_default ? (
          'Default'
        ) : r.archived_at ? (
          '—'
        ) : (
          <button type="button" disabled={makeDefault.isPending} aria-label={`Make ${rateLabel(r)} the default`} onClick={() => makeDefault.mutate(r)}>
            Make default
          </button>
        ),
    },
    { header: 'State', cell: (r) => (r.archived_at ? `Archived ${format.dateTime(r.archived_at)}` : 'Active') },
    {
      header: 'Actions',
      cell: (r) =>
        r.archived_at ? null : (
          <div className="actions">
            <button type="button" aria-label={`Edit ${rateLabel(r)}`} onClick={() => setEditing(r)}>
              Edit
            </button>
            <DeleteRate rate={r} onDone={setNotice} />
          </div>
        ),
    },
  ];
  return (
    <>
      <section aria-labelledby="rates-title">
        <h2 id="rates-title">Tax rates</h2>
        <p className="hint">
          A product without a rate of its own is taxed at the default rate; with no default it is untaxed. Changes apply to new orders only.
        </p>
        <label>
          <input type="checkbox" checked={showArchived} onChange={(e) => set({ archived: e.target.checked ? '1' : '', page: '1' })} /> Show archived rates
        </label>
        <p role="status">{notice}</p>
        <FormError error={actionError} />
        <ListView
          what="tax rates"
          caption="Tax rates"
          query={rates}
          columns={columns}
          rowKey={(r) => r.id}
          empty="No tax rates: orders carry no tax unless it is given with them."
          onPage={(page) => set({ page: String(page) })}
        />
        <RateForm
          key={editing?.id ?? 'new'}
          rate={editing}
          onDone={(message) => {
            setNotice(message);
            setEditing(null);
          }}
        />
      </section>
      <BusinessTaxes />
    </>
  );
}

/** The rate's percentage as typed: a number when it is one, else the text itself (the API's 400 then names `rate`). */
function rateBody(text: string): number | string {
  const t = text.trim().replace(/%$/, '').trim();
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/** Add a rate (POST /tax-rates) or edit one (PUT /tax-rates/:id, the fields changed): name, rate in %, default. */
function RateForm({ rate, onDone }: { rate: TaxRate | null; onDone: (message: string) => void }) {
  const [name, setName] = useState(rate?.name ?? '');
  const [percent, setPercent] = useState(rate ? decimalText(rate.rate) : '');
  const [isDefault, setIsDefault] = useState(rate?.is_default ?? false);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      rate ? callOrThrow<{ data: TaxRate }>('PUT', `/tax-rates/${rate.id}`, { body }) : callOrThrow<{ data: TaxRate }>('POST', '/tax-rates', { body }),
    onSuccess: async (answer) => {
      await invalidatePaths('/api/v1/tax-rates');
      onDone(`${rateLabel(answer.data)} ${rate ? 'saved' : 'added'}.`);
      if (!rate) {
        setName('');
        setPercent('');
        setIsDefault(false);
      }
    },
  });
  const errors = useFieldErrors(save.error);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    if (!rate || name.trim() !== rate.name) body.name = name.trim();
    if (!rate || percent.trim() !== decimalText(rate.rate)) body.rate = rateBody(percent);
    if (!rate || isDefault !== rate.is_default) body.is_default = isDefault;
    save.mutate(body);
  }
  const title = rate ? `Edit ${rateLabel(rate)}` : 'Add a rate';
  return (
    <form className="stacked" aria-labelledby="rate-form-title" onSubmit={submit}>
      <h3 id="rate-form-title">{title}</h3>
      <TextField label="Name" required autoComplete="off" value={name} onChange={setName} error={errors.name} hint="As documents print it: VAT, Sales tax." />
      <TextField
        label="Rate (%)"
        required
        inputMode="decimal"
        autoComplete="off"
        value={percent}
        onChange={setPercent}
        error={errors.rate}
        hint="0 to 100, up to 4 decimals."
      />
      <label>
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} /> Default rate
      </label>
      <div className="actions">
        <SubmitButton busy={save.isPending} busyLabel="Saving…">
          {rate ? 'Save rate' : 'Add rate'}
        </SubmitButton>
        {rate && (
          <button type="button" onClick={() => onDone('')}>
            Cancel edit
          </button>
        )}
      </div>
      <FormError error={save.error} />
    </form>
  );
}

/**
 * Delete after a confirmation (DELETE /tax-rates/:id): 204 when no order ever used the rate; a rate in
 * use is archived instead (200 with `archived_at`), its past orders keeping it, and the page says so.
 */
function DeleteRate({ rate, onDone }: { rate: TaxRate; onDone: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => callOrThrow<{ data: TaxRate } | undefined>('DELETE', `/tax-rates/${rate.id}`),
    onSuccess: async (answer) => {
      setConfirming(false);
      onDone(
        answer?.data.archived_at
          ? `${rateLabel(rate)} was used by orders, so it was archived instead of deleted: those orders keep it, new products cannot choose it. Show archived rates to see it.`
          : `${rateLabel(rate)} deleted.`,
      );
      await invalidatePaths('/api/v1/tax-rates', '/api/v1/products');
    },
  });
  return (
    <>
      <button type="button" className="danger" aria-label={`Delete ${rateLabel(rate)}`} onClick={() => setConfirming(true)}>
        Delete
      </button>
      {confirming && (
        <AlertDialog
          title={`Delete the rate ${rateLabel(rate)}?`}
          confirmLabel="Delete rate"
          closeLabel="Keep rate"
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            remove.reset();
            setConfirming(false);
          }}
        >
          <p>
            A rate no order has used is deleted. A rate some order used is archived instead: its orders, invoices and the tax report keep it, and products no
            longer offer it.
          </p>
        </AlertDialog>
      )}
    </>
  );
}
