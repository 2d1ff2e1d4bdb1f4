import { createContext, useContext } from 'react';
import type { components } from '../../../test/generated/openapi';
import { formatPercent } from '../lib/change';
import { formatDateTime, formatDay } from '../lib/dates';
import { formatCost, formatMoney, formatQuantity, type Decimal } from '../lib/money';

export type Business = components['schemas']['BusinessJson'];

/** The signed-in key's business (GET /business), read once by the layout and given to every page. */
export const BusinessContext = createContext<Business | null>(null);

export function useBusiness(): Business {
  const business = useContext(BusinessContext);
  if (!business) throw new Error('useBusiness outside the signed-in layout');
  return business;
}

/** Money (to the cent), costs (up to 4 decimals), quantities, days and times as docs/api.md 16 says: the business currency and time zone. */
export function useFormat() {
  const { currency, timezone } = useBusiness();
  return {
    money: (value: Decimal) => formatMoney(value, currency),
    cost: (value: Decimal) => formatCost(value, currency),
    quantity: (value: Decimal) => formatQuantity(value),
    /** a per cent the API sent (40.66 is 40.66 %), `digits` decimals */
    percent: (value: Decimal, digits = 2) => formatPercent(value, undefined, digits),
    /** a ratio the API sent (0.3875 is 38.75 %) */
    ratio: (value: Decimal, digits = 2) => formatPercent(value, undefined, digits, true),
    dateTime: (iso: string) => formatDateTime(iso, timezone),
    day: (day: string) => formatDay(day),
  };
}
