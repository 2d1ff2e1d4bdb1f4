import { ApiProperty } from '@nestjs/swagger';
import { costNumber } from '../../common/money/money';
import { TaxRate } from './entities/tax-rate.entity';

export class TaxRateJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'VAT 19%' }) name: string;
  @ApiProperty({ example: 19, description: 'a percentage, up to 4 decimals' }) rate: number;
  @ApiProperty({ description: 'the rate of products without one' }) is_default: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'set when a rate in use was deleted' })
  archived_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toTaxRateJson(rate: TaxRate): TaxRateJson {
  return {
    id: rate.id,
    name: rate.name,
    rate: costNumber(rate.rate),
    is_default: rate.isDefault,
    archived_at: rate.archivedAt ? rate.archivedAt.toISOString() : null,
    created_at: rate.createdAt.toISOString(),
    updated_at: rate.updatedAt.toISOString(),
  };
}
