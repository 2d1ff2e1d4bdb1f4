/** SPEC.md 2.1. */
export interface LoyaltyBalanceJson {
  customer_id: string;
  balance: number;
  lifetime_earned: number;
  lifetime_redeemed: number;
}

export interface LoyaltyTransactionRow {
  id: string;
  type: string;
  points: number;
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

export function toLoyaltyBalanceJson(row: { customer_id: string; balance: number; lifetime_earned: number; lifetime_redeemed: number }): LoyaltyBalanceJson {
  return {
    customer_id: row.customer_id,
    balance: row.balance,
    lifetime_earned: row.lifetime_earned,
    lifetime_redeemed: row.lifetime_redeemed,
  };
}

export function toLoyaltyTransactionJson(row: LoyaltyTransactionRow): LoyaltyTransactionJson {
  return {
    id: row.id,
    type: row.type,
    points: row.points,
    sale_id: row.sale_id,
    description: row.description,
    created_at: row.created_at.toISOString(),
  };
}
