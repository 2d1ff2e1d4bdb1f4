import { Column, DataSource, Entity, EntityMetadata, PrimaryGeneratedColumn } from 'typeorm';
import { presentFields } from './repository-helpers';
import { SnakeNamingStrategy } from './snake-naming.strategy';

@Entity('things')
class Thing {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  costPrice: string | null;

  @Column('numeric', { precision: 14, scale: 3 })
  minStock: string;

  @Column('integer')
  lineNo: number;
}

/** The entity's metadata as the app's data source builds it (no connection is made). */
async function thingMetadata(): Promise<EntityMetadata> {
  const dataSource = new DataSource({ type: 'postgres', entities: [Thing], namingStrategy: new SnakeNamingStrategy() });
  await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
  return dataSource.getMetadata(Thing);
}

describe('presentFields', () => {
  it('renames the sent fields explicitly, null included, undefined left out', () => {
    const dto = { name: 'x', cost_price: null, line_no: undefined, ignored: 1 };
    expect(presentFields<typeof dto, Thing>(dto, { name: 'name', cost_price: 'costPrice', line_no: 'lineNo' })).toEqual({ name: 'x', costPrice: null });
  });

  it("by the schema: each field is a column's database name, numbers of numeric columns exact at the column's scale", async () => {
    const metadata = await thingMetadata();
    const dto = { name: 'x', cost_price: 19.99, min_stock: 2.5, line_no: 3, description: undefined };
    expect(presentFields<typeof dto, Thing>(dto, metadata)).toEqual({ name: 'x', costPrice: '19.99', minStock: '2.500', lineNo: 3 });
    expect(presentFields<object, Thing>({ cost_price: null, min_stock: 0.1 + 0.2 }, metadata)).toEqual({ costPrice: null, minStock: '0.300' });
  });

  it('by the schema: a field that names no column throws', async () => {
    const metadata = await thingMetadata();
    expect(() => presentFields<object, Thing>({ colour: 'red' }, metadata)).toThrow('Thing has no column colour');
  });
});
