import { In } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { Tx } from '../../database/transaction';
import { Product } from './entities/product.entity';

/** 422 UNKNOWN_PRODUCT, naming each one, unless every product id is the business's (active or not). */
export async function checkProducts(tx: Tx, businessId: string, productIds: string[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  const found = await tx.getRepository(Product).find({ select: { id: true }, where: { businessId, id: In(ids) } });
  const missing = ids.filter((id) => !found.some((p) => p.id === id));
  if (missing.length > 0)
    throw new DomainError(
      'UNKNOWN_PRODUCT',
      undefined,
      missing.map((product_id) => ({ product_id })),
    );
}
