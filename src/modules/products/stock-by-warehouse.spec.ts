import { stockByProduct } from './stock-by-warehouse';

describe('stockByProduct', () => {
  it('gives every product every warehouse in the order read, with 0 where it has no stock row', () => {
    const cells = [
      { warehouseId: 'main', warehouseName: 'Main', productId: 'p1', quantity: '5.500' },
      { warehouseId: 'main', warehouseName: 'Main', productId: 'p2', quantity: '1.000' },
      { warehouseId: 'annex', warehouseName: 'Annex', productId: null, quantity: null },
      { warehouseId: 'back', warehouseName: 'back', productId: 'p2', quantity: '0.250' },
    ];
    const stock = stockByProduct(['p1', 'p2', 'p3'], cells);
    expect(stock.get('p1')).toEqual([
      { warehouseId: 'main', warehouseName: 'Main', quantity: '5.500' },
      { warehouseId: 'annex', warehouseName: 'Annex', quantity: '0' },
      { warehouseId: 'back', warehouseName: 'back', quantity: '0' },
    ]);
    expect(stock.get('p2')!.map((s) => s.quantity)).toEqual(['1.000', '0', '0.250']);
    expect(stock.get('p3')!.map((s) => s.quantity)).toEqual(['0', '0', '0']);
  });

  it('has no warehouses to list for a business without any', () => {
    expect(stockByProduct(['p1'], []).get('p1')).toEqual([]);
  });
});
