import { describe, expect, it } from 'vitest';
import { looksLikeBarcode } from './lookup';

describe('which code is asked as a barcode first', () => {
  it('takes the digits of an EAN-8, UPC-A or EAN-13 for a barcode, anything else for an SKU', () => {
    expect(['4006381333931', '036000291452', '96385074'].map(looksLikeBarcode)).toEqual([true, true, true]);
    expect(['ESP-1KG', '12345', '40063813339310', 'SKU-000123', ' 4006381333931'].map(looksLikeBarcode)).toEqual([false, false, false, false, false]);
  });
});
