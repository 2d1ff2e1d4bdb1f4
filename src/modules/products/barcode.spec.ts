import { barcodeKind, expandUpcE, gs1CheckDigit, isValidBarcode } from './barcode';

/** Published codes from GS1 examples and retail packaging. */
const VALID: [string, string][] = [
  ['4006381333931', 'EAN-13'],
  ['5901234123457', 'EAN-13'],
  ['9780306406157', 'EAN-13'],
  ['0000000000000', 'EAN-13'],
  ['036000291452', 'UPC-A'],
  ['012345678905', 'UPC-A'],
  ['042100005264', 'UPC-A'],
  ['73513537', 'EAN-8'],
  ['96385074', 'EAN-8'],
  ['55123457', 'EAN-8'],
  ['04252614', 'UPC-E'],
  ['01234505', 'UPC-E'],
  ['01234531', 'UPC-E'],
  ['01234543', 'UPC-E'],
];

describe('gs1CheckDigit', () => {
  it.each([
    ['400638133393', 1],
    ['03600029145', 2],
    ['7351353', 7],
    ['04210000526', 4],
    ['000000000000', 0],
  ])('of %s is %d', (payload, digit) => {
    expect(gs1CheckDigit(payload)).toBe(digit);
  });
});

describe('expandUpcE', () => {
  it.each([
    ['04252614', '04210000526'], // last digit 0-2: manufacturer XX + last + 00, product 00 + 3 digits
    ['01234505', '01200000345'],
    ['01234521', '01220000345'],
    ['01234531', '01230000045'], // last 3
    ['01234543', '01234000005'], // last 4
    ['01234565', '01234500006'], // last 5-9
    ['01234596', '01234500009'],
  ])('%s stands for UPC-A %s', (upcE, upcA) => {
    expect(expandUpcE(upcE)).toBe(upcA);
  });
});

describe('barcodeKind', () => {
  it.each(VALID)('%s is a valid %s', (code, kind) => {
    expect(barcodeKind(code)).toBe(kind);
    expect(isValidBarcode(code)).toBe(true);
  });

  it('rejects every code with its check digit changed', () => {
    for (const [code] of VALID) {
      const check = Number(code[code.length - 1]);
      for (let d = 0; d <= 9; d++) {
        if (d === check) continue;
        const altered = code.slice(0, -1) + d;
        // an 8-digit code may still be valid under the other 8-digit symbology
        if (code.length === 8) {
          const kind = barcodeKind(altered);
          expect(kind).not.toBe(barcodeKind(code));
        } else {
          expect(barcodeKind(altered)).toBeNull();
        }
      }
    }
  });

  it('rejects every single-digit error in the payload of EAN-13 and UPC-A codes', () => {
    for (const [code] of VALID.filter(([c]) => c.length !== 8)) {
      for (let i = 0; i < code.length - 1; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === code[i]) continue;
          expect(barcodeKind(code.slice(0, i) + d + code.slice(i + 1))).toBeNull();
        }
      }
    }
  });

  it('reads an 8-digit code valid only as UPC-E as UPC-E, and one valid only as EAN-8 as EAN-8', () => {
    expect(barcodeKind('04252614')).toBe('UPC-E');
    expect(barcodeKind('96385074')).toBe('EAN-8');
  });

  it('rejects UPC-E codes whose number system is not 0 or 1', () => {
    // the expansion's check digit with number system 2 would be 8, but UPC-E has no number system 2
    expect(gs1CheckDigit(expandUpcE('24252610'))).toBe(8);
    expect(barcodeKind('24252618')).toBeNull();
  });

  it('accepts a UPC-E ending in 5-9, whose check digit always equals its EAN-8 reading', () => {
    // with the last digit 5-9 the UPC-A expansion weighs the same digits as EAN-8 does
    expect(gs1CheckDigit(expandUpcE('01234560'))).toBe(5);
    expect(barcodeKind('01234565')).toBe('EAN-8');
    expect(isValidBarcode('12345670')).toBe(true);
    expect(isValidBarcode('12345671')).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['too short', '1234567'],
    ['9 digits', '123456789'],
    ['10 digits', '1234567890'],
    ['11 digits', '03600029145'],
    ['14 digits', '40063813339310'],
    ['letters', '40063813339A1'],
    ['spaces', '4006381 333931'],
    ['leading space', ' 4006381333931'],
    ['sign', '+036000291452'],
    ['decimal point', '0360002914.2'],
    ['unicode digits', '٤٠٠٦٣٨١٣٣٣٩٣١'],
  ])('rejects %s', (_label, code) => {
    expect(barcodeKind(code)).toBeNull();
    expect(isValidBarcode(code)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isValidBarcode(4006381333931)).toBe(false);
    expect(isValidBarcode(null)).toBe(false);
    expect(isValidBarcode(undefined)).toBe(false);
  });
});
