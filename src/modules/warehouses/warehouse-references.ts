import { In } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { Tx } from '../../database/transaction';
import { Warehouse } from './entities/warehouse.entity';

/** 422 UNKNOWN_WAREHOUSE, naming each one, unless every warehouse id is the business's. */
export async function checkWarehouses(tx: Tx, businessId: string, warehouseIds: string[]): Promise<void> {
  const ids = [...new Set(warehouseIds)];
  if (ids.length === 0) return;
  const found = await tx.getRepository(Warehouse).find({ select: { id: true }, where: { businessId, id: In(ids) } });
  const missing = ids.filter((id) => !found.some((w) => w.id === id));
  if (missing.length > 0)
    throw new DomainError(
      'UNKNOWN_WAREHOUSE',
      undefined,
      missing.map((warehouse_id) => ({ warehouse_id })),
    );
}

/** The business's default warehouse. */
export async function defaultWarehouseId(tx: Tx, businessId: string): Promise<string> {
  const warehouse = await tx.getRepository(Warehouse).findOneOrFail({ select: { id: true }, where: { businessId, isDefault: true } });
  return warehouse.id;
}
