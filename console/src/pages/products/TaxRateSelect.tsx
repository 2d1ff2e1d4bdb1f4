import { useTaxRates } from '../../api/tax-rates';
import { productRateOptions, rateLabel } from '../../lib/taxes';

/** A product's tax rate (docs/api.md 22): "Default rate" (none of its own) or one of the active rates; an archived one it has stays listed. */
export function TaxRateSelect({ id, value, onChange }: { id: string; value: string; onChange: (id: string) => void }) {
  const rates = useTaxRates({ includeArchived: true });
  const options = productRateOptions(rates.data?.data ?? [], value || null);
  return (
    <div>
      <label htmlFor={id}>Tax rate</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-busy={rates.isPending}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How a product page names its rate: the rate, or "Default rate" when it has none of its own. */
export function TaxRateName({ id }: { id: string | null }) {
  const rates = useTaxRates({ includeArchived: true });
  if (!id) return <>Default rate</>;
  const rate = rates.data?.data.find((r) => r.id === id);
  if (!rate) return <>{rates.isPending ? '…' : 'An archived rate'}</>;
  return <>{`${rateLabel(rate)}${rate.archived_at ? ' (archived)' : ''}`}</>;
}
