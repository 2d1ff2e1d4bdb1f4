import { quantityNumber } from '../../common/money/money';
import { MovementRow } from './stock.service';

export interface MovementJson {
  id: string;
  product_id: string;
  warehouse_id: string;
  type: string;
  quantity: number;
  quantity_after: number;
  reason: string | null;
  note: string | null;
  sale_id: string | null;
  created_at: string;
}

export function toMovementJson(row: MovementRow): MovementJson {
  return {
    id: row.id,
    product_id: row.product_id,
    warehouse_id: row.warehouse_id,
    type: row.type,
    quantity: quantityNumber(row.quantity),
    quantity_after: quantityNumber(row.quantity_after),
    reason: row.reason,
    note: row.note,
    sale_id: row.sale_id,
    created_at: row.created_at.toISOString(),
  };
}
