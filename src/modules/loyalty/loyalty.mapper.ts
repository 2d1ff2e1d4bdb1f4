import { pointsNumber } from '../../common/money/points';

/** SPEC.md 2.1. */
export interface LoyaltyBalanceJson {
  customer_id: string;
  balance: number;
  lifetime_earned: number;
  lifetime_redeemed: number;
}

/** The account's bigint columns, as pg returns them (strings). */
export interface LoyaltyBalanceRow {
  customer_id: string;
  balance: string;
  lifetime_earned: string;
  lifetime_redeemed: string;
}

export interface LoyaltyTransactionRow {
  id: string;
  type: string;
  points: string;
  sale_id: string | null;
  description: string;
  created_at: Date;
}

/** SPEC.md 2.2. `type`: earn, redeem, or reverse (an earn taken back by a cancelled order). */
export interface LoyaltyTransactionJson {
  id: string;
  type: string;
  points: number;
  sale_id: string | null;
  description: string;
  created_at: string;
}

/** SPEC.md 4.1 POST /loyalty/redeem `data`. */
export interface RedemptionJson {
  transaction_id: string;
  customer_id: string;
  points_redeemed: number;
  new_balance: number;
}

export function toLoyaltyBalanceJson(row: LoyaltyBalanceRow): LoyaltyBalanceJson {
  return {
    customer_id: row.customer_id,
    balance: pointsNumber(row.balance),
    lifetime_earned: pointsNumber(row.lifetime_earned),
    lifetime_redeemed: pointsNumber(row.lifetime_redeemed),
  };
}

export function toLoyaltyTransactionJson(row: LoyaltyTransactionRow): LoyaltyTransactionJson {
  return {
    id: row.id,
    type: row.type,
    points: pointsNumber(row.points),
    sale_id: row.sale_id,
    description: row.description,
    created_at: row.created_at.toISOString(),
  };
}
