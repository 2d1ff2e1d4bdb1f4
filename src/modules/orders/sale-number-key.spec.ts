import { saleNumberKey } from './sale-number-key';

describe('saleNumberKey', () => {
  it('probes by the trailing digits and keeps the text to compare whole', () => {
    expect(saleNumberKey('S-0042')).toEqual({ value: '42', text: 'S-0042' });
    expect(saleNumberKey('s-0042')).toEqual({ value: '42', text: 's-0042' });
    expect(saleNumberKey('S-12345')).toEqual({ value: '12345', text: 'S-12345' });
    expect(saleNumberKey('S-0000')).toEqual({ value: '0', text: 'S-0000' });
  });

  it('is null for a text no sale number can be', () => {
    expect(saleNumberKey('S-')).toBeNull();
    expect(saleNumberKey('0042-S')).toBeNull();
    expect(saleNumberKey(`S-${'9'.repeat(19)}`)).toBeNull();
    expect(saleNumberKey(`S-${'0'.repeat(30)}42`)).toEqual({ value: '42', text: `S-${'0'.repeat(30)}42` });
  });
});
