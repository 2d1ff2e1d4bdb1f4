import { toErrorResponse } from '../../common/errors/to-error-response';
import { stockLimitError } from './stock-limit';

describe('stockLimitError', () => {
  it('is STOCK_LIMIT naming each level with the quantity as a number and the limit', () => {
    const err = stockLimitError([
      { productId: 'p', warehouseId: 'w', quantity: '110000000000.000' },
      { productId: 'q', warehouseId: 'w', quantity: '0.001' },
    ]);
    expect(toErrorResponse(err)).toEqual({
      code: 'STOCK_LIMIT',
      message: 'A stock level of a product in a warehouse is at most 99999999999.999',
      details: [
        { product_id: 'p', warehouse_id: 'w', quantity: 110_000_000_000, limit: 99_999_999_999.999 },
        { product_id: 'q', warehouse_id: 'w', quantity: 0.001, limit: 99_999_999_999.999 },
      ],
    });
  });
});
