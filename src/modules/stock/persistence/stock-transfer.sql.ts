import { defineStatement } from '../../../database/statement';
import { MovementType } from '../movement-types';
import { EntryRow, enterStockSql } from './stock-entry.sql';

type TransferEntryParams = [businessId: string, transferId: string, warehouseId: string, productIds: string[], quantities: string[]];

/** Goods of transfer $2 entering warehouse $3 ($4, $5: product and quantity, one line per product), at the current average. */
function transferEntry(name: string, type: MovementType) {
  return defineStatement<TransferEntryParams, EntryRow>(
    name,
    enterStockSql(
      `SELECT $3::uuid AS warehouse_id, product_id, qty, NULL::numeric AS cost FROM unnest($4::uuid[], $5::numeric[]) AS l(product_id, qty)`,
      type,
      { transferId: '$2::uuid' },
    ),
  );
}

/** What arrived of a transfer, into its destination: `transfer_in` movements. */
export const receiveTransferStock = transferEntry('stock.receiveTransfer', 'transfer_in');

/** A cancelled transfer's goods, back into its source: `transfer_cancel` movements. */
export const returnTransferStock = transferEntry('stock.cancelTransfer', 'transfer_cancel');
