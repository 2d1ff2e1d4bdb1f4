import { formatSku } from './sku';

describe('formatSku', () => {
  it('pads to six digits and grows past them', () => {
    expect(formatSku(1)).toBe('SKU-000001');
    expect(formatSku(42)).toBe('SKU-000042');
    expect(formatSku(999999)).toBe('SKU-999999');
    expect(formatSku(1000000)).toBe('SKU-1000000');
  });
});
