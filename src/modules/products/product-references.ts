import { checkReferences } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { Product } from './entities/product.entity';

/** 422 UNKNOWN_PRODUCT, naming each one, unless every product id is the business's (active or not). */
export function checkProducts(tx: Tx, businessId: string, productIds: string[]): Promise<void> {
  return checkReferences(tx.getRepository(Product), businessId, productIds, 'UNKNOWN_PRODUCT', 'product_id');
}
