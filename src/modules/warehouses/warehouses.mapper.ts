export interface WarehouseRow {
  id: string;
  name: string;
  address: string | null;
  is_default: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface WarehouseJson {
  id: string;
  name: string;
  address: string | null;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

export function toWarehouseJson(row: WarehouseRow): WarehouseJson {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    is_default: row.is_default,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
