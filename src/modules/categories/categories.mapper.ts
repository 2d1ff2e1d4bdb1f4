export interface CategoryRow {
  id: string;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CategoryJson {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export function toCategoryJson(row: CategoryRow): CategoryJson {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
