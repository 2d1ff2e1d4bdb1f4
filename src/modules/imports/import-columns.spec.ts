import { booleanOf, cellValue, columnRole, decimalText, delimiterOf, isEmptyCell, numberOf } from './import-columns';

describe('import columns (docs/api.md 23)', () => {
  it('reads the separator from the header line, quotes aside', () => {
    expect(delimiterOf('sku,name,price')).toBe(',');
    expect(delimiterOf('sku;name;price')).toBe(';');
    expect(delimiterOf('"a;b;c";"d"')).toBe(';');
    expect(delimiterOf('"a;b;c",d,e')).toBe(',');
    expect(delimiterOf('sku')).toBe(',');
  });

  it('tells writable, read-only and unknown columns apart per kind', () => {
    expect(columnRole('products', 'category.name')).toBe('writable');
    expect(columnRole('products', 'stock_by_warehouse[Main (x)]')).toBe('read-only');
    expect(columnRole('products', 'average_cost')).toBe('read-only');
    expect(columnRole('products', 'colour')).toBe('unknown');
    expect(columnRole('customers', 'total_spent')).toBe('read-only');
    expect(columnRole('customers', 'sku')).toBe('unknown');
    expect(columnRole('stock', 'warehouse')).toBe('writable');
  });

  it("undoes the exports' formula guard, and only it", () => {
    expect(cellValue("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(cellValue("'-1")).toBe('-1');
    expect(cellValue("'quoted'")).toBe("'quoted'");
    expect(cellValue('plain')).toBe('plain');
  });

  it('keeps the current value for an empty cell', () => {
    expect(isEmptyCell(undefined)).toBe(true);
    expect(isEmptyCell('  ')).toBe(true);
    expect(isEmptyCell('0')).toBe(false);
  });

  it('gives the DTO rules numbers and booleans as a request would, other text as text', () => {
    expect(numberOf(' 12.50 ')).toBe(12.5);
    expect(numberOf('1,5')).toBe('1,5');
    expect(numberOf('1e3')).toBe('1e3');
    expect(booleanOf('TRUE')).toBe(true);
    expect(booleanOf('false')).toBe(false);
    expect(booleanOf('yes')).toBe('yes');
    expect(decimalText(' 99999999999999.99 ')).toBe('99999999999999.99');
    expect(decimalText('x')).toBeNull();
  });
});
