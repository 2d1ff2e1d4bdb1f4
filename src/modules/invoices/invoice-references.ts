import { In } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { Tx } from '../../database/transaction';
import { Customer } from '../customers/entities/customer.entity';
import { Product } from '../products/entities/product.entity';
import { CreateInvoiceDto } from './dto/create-invoice.dto';

/**
 * The customer (422 UNKNOWN_CUSTOMER) and products (422 UNKNOWN_PRODUCT, then INACTIVE_PRODUCT,
 * each naming every offending product) of a manual invoice, all of the business; the products'
 * names by id.
 */
export async function checkInvoiceReferences(tx: Tx, businessId: string, dto: CreateInvoiceDto): Promise<Map<string, string>> {
  if (!(await tx.getRepository(Customer).existsBy({ businessId, id: dto.customer_id }))) {
    throw new DomainError('UNKNOWN_CUSTOMER', undefined, [{ customer_id: dto.customer_id }]);
  }
  const productIds = [...new Set(dto.items.map((line) => line.product_id))];
  const found = await tx.getRepository(Product).find({ select: { id: true, name: true, isActive: true }, where: { businessId, id: In(productIds) } });
  const products = new Map(found.map((product) => [product.id, product]));
  const unknown = productIds.filter((id) => !products.has(id));
  if (unknown.length > 0)
    throw new DomainError(
      'UNKNOWN_PRODUCT',
      'One or more products do not exist',
      unknown.map((product_id) => ({ product_id })),
    );
  const inactive = productIds.filter((id) => !products.get(id)!.isActive);
  if (inactive.length > 0)
    throw new DomainError(
      'INACTIVE_PRODUCT',
      'One or more products are inactive',
      inactive.map((product_id) => ({ product_id })),
    );
  return new Map(found.map((product) => [product.id, product.name]));
}
