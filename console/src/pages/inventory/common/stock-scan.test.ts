import { describe, expect, it } from 'vitest';
import { plusOne, receiveLineFor, stillToCome } from './stock-scan';

describe('plusOne', () => {
  it('counts a blank as 0 and adds one exactly', () => {
    expect(plusOne('')).toBe('1');
    expect(plusOne(' 2 ')).toBe('3');
    expect(plusOne('0.1')).toBe('1.1');
    expect(plusOne('2.999')).toBe('3.999');
    expect(plusOne('99999999998')).toBe('99999999999');
  });
  it('leaves text that is not a quantity alone', () => {
    expect(plusOne('abc')).toBeNull();
    expect(plusOne('-1')).toBeNull();
    expect(plusOne('1.2345')).toBeNull();
  });
});

describe('receiveLineFor', () => {
  const lines = [
    { product_id: 'a', quantity: 5, received_quantity: 0 },
    { product_id: 'b', quantity: 2, received_quantity: 1 },
    { product_id: 'b', quantity: 3, received_quantity: 0 },
  ];
  it('raises the line of the product that still has more to come', () => {
    expect(receiveLineFor(lines, ['', '', ''], 'a')).toBe(0);
    expect(receiveLineFor(lines, ['', '', ''], 'b')).toBe(1);
    expect(receiveLineFor(lines, ['', '1', ''], 'b')).toBe(2);
    expect(receiveLineFor(lines, ['', '0.5', ''], 'b')).toBe(1);
  });
  it('falls back to the first line of the product when every one is full, -1 when on none', () => {
    expect(receiveLineFor(lines, ['', '1', '3'], 'b')).toBe(1);
    expect(receiveLineFor(lines, ['', '', ''], 'c')).toBe(-1);
  });
});

describe('stillToCome', () => {
  it('is ordered minus received, exactly', () => {
    expect(stillToCome([{ product_id: 'a', quantity: '2.5', received_quantity: '0.3' }])).toEqual(['2.2']);
  });
});
