import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { schemaDrift } from '../src/database/schema-drift';
import { cloneTemplateDatabase } from './helpers/test-app';

/** The entities are the schema: what the migrations built must be exactly what they declare. */
describe('entities against migrations', () => {
  let ds: DataSource;

  beforeAll(async () => {
    ds = new DataSource(dataSourceOptions(await cloneTemplateDatabase(), 2));
    await ds.initialize();
  });
  afterAll(() => ds.destroy());

  it('every table of the migrations has an entity', async () => {
    const tables: { table_name: string }[] = await ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY 1`,
    );
    const declared = new Set(ds.entityMetadatas.map((m) => m.tableName));
    expect(tables.map((t) => t.table_name).filter((t) => !declared.has(t))).toEqual([]);
  });

  it('a migrated database differs in nothing from the entities', async () => {
    expect(await schemaDrift(ds)).toEqual([]);
  });

  it('an entity column changed without a migration is drift', async () => {
    const column = ds.getMetadata('Product').findColumnWithPropertyName('name')!;
    column.isNullable = true;
    try {
      const drift = await schemaDrift(ds);
      expect(drift).toContain('ALTER TABLE "products" ALTER COLUMN "name" DROP NOT NULL');
    } finally {
      column.isNullable = false;
    }
    expect(await schemaDrift(ds)).toEqual([]);
  });

  it('an index declared in an entity but not migrated is drift', async () => {
    const metadata = ds.getMetadata('Warehouse');
    const index = metadata.indices.find((i) => i.name === 'warehouses_business_idx')!;
    const original = index.name;
    index.name = 'warehouses_business_name_idx';
    try {
      const drift = await schemaDrift(ds);
      expect(drift).toEqual(expect.arrayContaining([expect.stringContaining('warehouses_business_name_idx')]));
    } finally {
      index.name = original;
    }
  });
});
