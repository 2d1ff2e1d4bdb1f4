import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { invalidatePaths } from '../../api/invalidate';
import { callOrThrow } from '../../api/staff';
import { useTaxRates } from '../../api/tax-rates';
import { useBusiness } from '../../frame/business';
import { rateLabel } from '../../lib/taxes';
import { FormError, SelectField, SubmitButton, TextField, useFieldErrors } from '../../ui/form/Form';

/**
 * The business's tax settings (PUT /business, docs/api.md 17 and 22): **Prices include tax** (new
 * orders only), the rate shipping is taxed at (none: untaxed) and the tax id the documents print.
 * Only the fields changed are sent.
 */
export function BusinessTaxes() {
  const business = useBusiness();
  const rates = useTaxRates();
  const [inclusive, setInclusive] = useState(business.prices_include_tax);
  const [shipping, setShipping] = useState(business.shipping_tax_rate_id ?? '');
  const [taxId, setTaxId] = useState(business.tax_id ?? '');
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => callOrThrow('PUT', '/business', { body }),
    onSuccess: async () => {
      setSaved('Tax settings saved. They apply to new orders.');
      await invalidatePaths('/api/v1/business');
    },
  });
  const errors = useFieldErrors(save.error);
  const active = (rates.data?.data ?? []).filter((r) => !r.archived_at);
  const options = [{ value: '', label: 'None: shipping is untaxed' }, ...active.map((r) => ({ value: r.id, label: rateLabel(r) }))];
  if (shipping && !active.some((r) => r.id === shipping)) options.push({ value: shipping, label: 'An archived rate' });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved('');
    const body: Record<string, unknown> = {};
    if (inclusive !== business.prices_include_tax) body.prices_include_tax = inclusive;
    if (shipping !== (business.shipping_tax_rate_id ?? '')) body.shipping_tax_rate_id = shipping || null;
    if (taxId.trim() !== (business.tax_id ?? '')) body.tax_id = taxId.trim() || null;
    if (Object.keys(body).length === 0) {
      setSaved('Nothing changed.');
      return;
    }
    save.mutate(body);
  }
  return (
    <form className="stacked" aria-labelledby="business-taxes-title" onSubmit={submit}>
      <h2 id="business-taxes-title">Tax settings</h2>
      <label>
        <input type="checkbox" checked={inclusive} onChange={(e) => setInclusive(e.target.checked)} /> Prices include tax
      </label>
      <p className="hint">
        On: the prices typed are what customers pay, the tax inside them. Off: the tax is added to them. Orders already placed keep theirs.
      </p>
      <SelectField label="Shipping tax rate" value={shipping} onChange={setShipping} options={options} error={errors.shipping_tax_rate_id} />
      <TextField
        label="Tax ID"
        autoComplete="off"
        value={taxId}
        onChange={setTaxId}
        error={errors.tax_id}
        hint="Printed on invoices, credit notes and receipts."
      />
      <div className="actions">
        <SubmitButton busy={save.isPending} busyLabel="Saving…">
          Save tax settings
        </SubmitButton>
      </div>
      <p role="status">{saved}</p>
      <FormError error={save.error} />
    </form>
  );
}
