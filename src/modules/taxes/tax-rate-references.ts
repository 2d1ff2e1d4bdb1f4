import { IsNull } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { Tx } from '../../database/transaction';
import { TaxRate } from './entities/tax-rate.entity';

/**
 * 422 UNKNOWN_TAX_RATE unless `id` is an active rate of the business (another business's rate is refused
 * like a missing one). The key-share lock keeps it from being archived or deleted before commit.
 */
export async function lockTaxRate(tx: Tx, businessId: string, id: string, field = 'tax_rate_id'): Promise<TaxRate> {
  const rate = await tx.getRepository(TaxRate).findOne({ where: { businessId, id, archivedAt: IsNull() }, lock: { mode: 'for_key_share' } });
  if (!rate) throw new DomainError('UNKNOWN_TAX_RATE', undefined, [{ [field]: id }]);
  return rate;
}
