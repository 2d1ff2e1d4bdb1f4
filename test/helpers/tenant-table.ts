import { DataSource } from 'typeorm';
import { distributeByBusiness } from '../../src/database/citus';

/**
 * Creates a spec's own tenant table (`createSql`) as a migration would (ARCHITECTURE.md, "Add a tenant
 * table"): on a Citus cluster it is distributed on `business_id` beside the others, so the order's
 * statements that write it stay on the business's shard.
 */
export async function createTenantTable(db: DataSource, table: string, createSql: string): Promise<void> {
  await db.transaction(async (m) => {
    await m.query(createSql);
    await distributeByBusiness(m.queryRunner!, table);
  });
}
