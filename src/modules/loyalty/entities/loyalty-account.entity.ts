import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** A customer's points (bigint: migrations/1763800006000-LoyaltyBigint.ts). No foreign keys. */
@Entity('loyalty_accounts')
@Check('loyalty_accounts_balance_check', 'balance >= 0')
export class LoyaltyAccount {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'loyalty_accounts_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'loyalty_accounts_pkey' })
  customerId: string;

  @Column('bigint', { default: 0 })
  balance: string;

  @Column('bigint', { default: 0 })
  lifetimeEarned: string;

  @Column('bigint', { default: 0 })
  lifetimeRedeemed: string;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
