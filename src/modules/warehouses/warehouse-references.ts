import { checkReferences } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { Warehouse } from './entities/warehouse.entity';

/** 422 UNKNOWN_WAREHOUSE, naming each one, unless every warehouse id is the business's. */
export function checkWarehouses(tx: Tx, businessId: string, warehouseIds: string[]): Promise<void> {
  return checkReferences(tx.getRepository(Warehouse), businessId, warehouseIds, 'UNKNOWN_WAREHOUSE', 'warehouse_id');
}

/** The business's default warehouse. */
export async function defaultWarehouseId(tx: Tx, businessId: string): Promise<string> {
  const warehouse = await tx.getRepository(Warehouse).findOneOrFail({ select: { id: true }, where: { businessId, isDefault: true } });
  return warehouse.id;
}
