import { ApiProperty } from '@nestjs/swagger';
import { moneyNumber } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';
import { LoyaltyAccount } from '../loyalty/entities/loyalty-account.entity';
import { Customer } from './entities/customer.entity';

export class CustomerJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true, example: 'Ana Silva' }) name: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'ana@example.com' }) email: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+351912345678' }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ example: 120.5 }) total_spent: number;
  @ApiProperty({ example: 3 }) total_orders: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_purchase_date: string | null;
  @ApiProperty({ example: 120 }) loyalty_balance: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** `account`: the customer's loyalty account, null until the first points (balance 0). */
export function toCustomerJson(customer: Customer, account: LoyaltyAccount | null): CustomerJson {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    notes: customer.notes,
    total_spent: moneyNumber(customer.totalSpent),
    total_orders: customer.totalOrders,
    last_purchase_date: customer.lastPurchaseDate ? customer.lastPurchaseDate.toISOString() : null,
    loyalty_balance: pointsNumber(account?.balance ?? null),
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
  };
}
