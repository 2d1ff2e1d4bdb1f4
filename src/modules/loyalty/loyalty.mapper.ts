import { ApiProperty } from '@nestjs/swagger';
import { pointsNumber } from '../../common/money/points';
import { LoyaltyAccount } from './entities/loyalty-account.entity';
import { LoyaltyTransaction } from './entities/loyalty-transaction.entity';

/** GET /loyalty/:customer_id (bare): points as JSON numbers. */
export class LoyaltyBalanceJson {
  @ApiProperty({ format: 'uuid' }) customer_id: string;
  @ApiProperty({ example: 120 }) balance: number;
  @ApiProperty({ example: 150 }) lifetime_earned: number;
  @ApiProperty({ example: 30 }) lifetime_redeemed: number;
}

/** One line of GET /loyalty/:customer_id/history. `type`: earn, redeem, or reverse (an earn taken back by a cancelled order). */
export class LoyaltyTransactionJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['earn', 'redeem', 'reverse'] }) type: string;
  @ApiProperty({ example: 29, description: 'signed: earned points positive, redeemed and reversed negative' }) points: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) sale_id: string | null;
  @ApiProperty({ example: 'Points earned on order S-0001' }) description: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** The `data` of POST /loyalty/redeem. */
export class RedemptionJson {
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ format: 'uuid' }) customer_id: string;
  @ApiProperty({ example: 50 }) points_redeemed: number;
  @ApiProperty({ example: 70 }) new_balance: number;
}

/** Zeros for a customer without an account (one who never earned). */
export function toLoyaltyBalanceJson(customerId: string, account: LoyaltyAccount | null): LoyaltyBalanceJson {
  return {
    customer_id: customerId,
    balance: pointsNumber(account?.balance ?? null),
    lifetime_earned: pointsNumber(account?.lifetimeEarned ?? null),
    lifetime_redeemed: pointsNumber(account?.lifetimeRedeemed ?? null),
  };
}

export function toLoyaltyTransactionJson(transaction: Omit<LoyaltyTransaction, 'businessId' | 'customerId'>): LoyaltyTransactionJson {
  return {
    id: transaction.id,
    type: transaction.type,
    points: pointsNumber(transaction.points),
    sale_id: transaction.saleId,
    description: transaction.description,
    created_at: transaction.createdAt.toISOString(),
  };
}
