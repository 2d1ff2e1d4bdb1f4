import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { entityColumns, selectEntityColumns } from './entity-columns';
import { SnakeNamingStrategy } from './snake-naming.strategy';

@Entity('things')
class Thing {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('numeric') unitPrice: string;
  @Column('text', { name: 'legacy_code' }) code: string;
}

describe('entityColumns', () => {
  it('names every column as the data source does, in declaration order', async () => {
    const dataSource = new DataSource({ type: 'postgres', entities: [Thing], namingStrategy: new SnakeNamingStrategy() });
    await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
    const built = dataSource.getMetadata(Thing).columns.map((c) => ({ property: c.propertyName, column: c.databaseName }));
    expect(entityColumns(Thing)).toEqual(built);
    expect(entityColumns(Thing).map((c) => c.column)).toEqual(['id', 'name', 'unit_price', 'legacy_code']);
  });

  it('selects them under their property names', () => {
    expect(selectEntityColumns(Thing, 't')).toBe('t.id, t.name, t.unit_price AS "unitPrice", t.legacy_code AS "code"');
  });

  it('refuses a class that is no entity', () => {
    expect(() => entityColumns(class NotAnEntity {})).toThrow('declares no column');
  });
});
