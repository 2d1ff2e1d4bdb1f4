import { moneyNumber } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';

export interface CustomerRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  total_spent: string;
  total_orders: number;
  last_purchase_date: Date | null;
  /** bigint; null without a loyalty account */
  loyalty_balance: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CustomerJson {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  total_spent: number;
  total_orders: number;
  last_purchase_date: string | null;
  loyalty_balance: number;
  created_at: string;
  updated_at: string;
}

export function toCustomerJson(row: CustomerRow): CustomerJson {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    total_spent: moneyNumber(row.total_spent),
    total_orders: row.total_orders,
    last_purchase_date: row.last_purchase_date ? row.last_purchase_date.toISOString() : null,
    loyalty_balance: pointsNumber(row.loyalty_balance),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
