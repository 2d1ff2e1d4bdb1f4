import { plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { Repository } from 'typeorm';
import { Paged, pageRequest } from '../../../common/pagination/pagination';
import { ListProductsQuery, PLAIN_PAGE_KEYS } from '../dto/list-products.query';
import { Product } from '../entities/product.entity';
import { ProductReader } from './product.reader';

/** Every key of the query class, as the validation pipe knows them (class-validator's metadata of it and its parents). */
const QUERY_KEYS = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(ListProductsQuery, '', true, false)
      .map((m) => m.propertyName),
  ),
];
const FILTER_KEYS = QUERY_KEYS.filter((key) => !PLAIN_PAGE_KEYS.has(key));

/** Which read `page` chose for `query`: the plain page (products.page) or the entity query. */
async function pathOf(query: Record<string, unknown>): Promise<'plain' | 'filtered'> {
  const reader = new ProductReader({} as Repository<Product>);
  const empty = new Paged([], 0, pageRequest({}));
  const plain = jest.spyOn(reader as unknown as { unfilteredPage(): Promise<unknown> }, 'unfilteredPage').mockResolvedValue(empty);
  const filtered = jest.spyOn(reader as unknown as { filteredPage(): Promise<unknown> }, 'filteredPage').mockResolvedValue(empty);
  const dto = plainToInstance(ListProductsQuery, query);
  await reader.page('b', dto, pageRequest(dto));
  expect(plain.mock.calls.length + filtered.mock.calls.length).toBe(1);
  return plain.mock.calls.length === 1 ? 'plain' : 'filtered';
}

describe('ProductReader.page, plain page or entity query', () => {
  it('reads every key of the query class', () => {
    expect(QUERY_KEYS).toEqual(expect.arrayContaining(['page', 'per_page', 'search', 'category_id', 'in_stock', 'is_active']));
    expect([...PLAIN_PAGE_KEYS].filter((key) => !QUERY_KEYS.includes(key))).toEqual([]);
  });

  it('takes the plain page when no filter is given', async () => {
    expect(await pathOf({})).toBe('plain');
    expect(await pathOf({ page: 3, per_page: 50, is_active: false })).toBe('plain');
  });

  it.each(FILTER_KEYS)('takes the entity query when %s is given', async (key) => {
    // any value: the choice is made on the keys given, whatever their type
    expect(await pathOf({ [key]: 'x' })).toBe('filtered');
    expect(await pathOf({ page: 2, is_active: true, [key]: 'x' })).toBe('filtered');
  });

  it.each(FILTER_KEYS)('filters the entity query by %s', async (key) => {
    const conditions: string[] = [];
    const query = {
      equals(column: string, value: string | boolean) {
        conditions.push(`${column} = ${value}`);
        return query;
      },
      where(value: unknown, condition: (p: string) => string) {
        if (value) conditions.push(condition(':p'));
        return query;
      },
      orderBy: () => query,
      page: () => Promise.resolve({ items: [], total: 0 }),
    };
    const reader = new ProductReader({} as Repository<Product>);
    jest.spyOn(reader as unknown as { productsOf(): unknown }, 'productsOf').mockReturnValue(query);
    jest.spyOn(reader as unknown as { withStock(q: unknown, inStock: boolean): void }, 'withStock').mockImplementation((_q, inStock) => {
      conditions.push(`in_stock ${inStock}`);
    });
    jest.spyOn(reader as unknown as { withStockStatus(q: unknown, status: string): void }, 'withStockStatus').mockImplementation((_q, status) => {
      conditions.push(`stock_status ${status}`);
    });
    const dto = plainToInstance(ListProductsQuery, { [key]: 'x' });
    await reader.page('b', dto, pageRequest(dto));
    expect(conditions).toHaveLength(2);
    expect(conditions[0]).toBe('p.isActive = true');
  });
});
