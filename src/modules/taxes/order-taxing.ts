import { TaxContextRow } from './persistence/tax-context.sql';
import { TaxRateInfo } from './tax-arithmetic';

/** How an order is taxed: its prices' mode, each product's rate and the shipping's (docs/api.md 22). */
export interface Taxing {
  inclusive: boolean;
  /** the product's rate, else the default, else null (untaxed) */
  rateOf(productTaxRateId: string | null): TaxRateInfo | null;
  shippingRate: TaxRateInfo | null;
}

/**
 * The taxing of a business from its settings and active rates; null when it has no rate (its orders
 * are taxed as before: tax 0 unless given). A product's rate that is no longer active (archived
 * between its read and this one) counts as no rate of its own: the default applies.
 */
export function taxingOf(context: TaxContextRow | null): Taxing | null {
  const rates = context?.rates ?? [];
  if (!context || rates.length === 0) return null;
  const byId = new Map(rates.map((r) => [r.id, { id: r.id, name: r.name, rate: r.rate }]));
  const fallback = rates.find((r) => r.is_default);
  const defaultRate = fallback ? byId.get(fallback.id)! : null;
  return {
    inclusive: context.inclusive,
    rateOf: (id) => (id ? (byId.get(id) ?? defaultRate) : defaultRate),
    shippingRate: context.shipping_rate_id ? (byId.get(context.shipping_rate_id) ?? null) : null,
  };
}
