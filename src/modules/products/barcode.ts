export type BarcodeKind = 'EAN-8' | 'EAN-13' | 'UPC-A' | 'UPC-E';

/**
 * GS1 mod-10 check digit of a digit string: weights 3 and 1 alternate from the rightmost digit
 * (the one next to the check digit) leftwards.
 */
export function gs1CheckDigit(payload: string): number {
  let sum = 0;
  for (let i = payload.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(payload[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

function hasValidCheckDigit(code: string): boolean {
  return gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/**
 * The 11-digit UPC-A payload (number system + 10 digits, no check digit) a zero-suppressed UPC-E
 * code stands for. `code` is the 8-digit form: number system (0 or 1), six digits, check digit.
 */
export function expandUpcE(code: string): string {
  const ns = code[0];
  const d = code.slice(1, 7);
  const last = d[5];
  switch (last) {
    case '0':
    case '1':
    case '2':
      return `${ns}${d[0]}${d[1]}${last}0000${d[2]}${d[3]}${d[4]}`;
    case '3':
      return `${ns}${d[0]}${d[1]}${d[2]}00000${d[3]}${d[4]}`;
    case '4':
      return `${ns}${d[0]}${d[1]}${d[2]}${d[3]}00000${d[4]}`;
    default:
      return `${ns}${d.slice(0, 5)}0000${last}`;
  }
}

function isValidUpcE(code: string): boolean {
  if (code[0] !== '0' && code[0] !== '1') return false;
  return gs1CheckDigit(expandUpcE(code)) === Number(code[7]);
}

/**
 * Which of EAN-8, EAN-13, UPC-A or UPC-E the code is, with its check digit verified; null when it
 * is none of them. An 8-digit code is read as EAN-8 first, then as UPC-E (the two share a length).
 */
export function barcodeKind(code: string): BarcodeKind | null {
  if (!/^\d+$/.test(code)) return null;
  switch (code.length) {
    case 8:
      if (hasValidCheckDigit(code)) return 'EAN-8';
      return isValidUpcE(code) ? 'UPC-E' : null;
    case 12:
      return hasValidCheckDigit(code) ? 'UPC-A' : null;
    case 13:
      return hasValidCheckDigit(code) ? 'EAN-13' : null;
    default:
      return null;
  }
}

export function isValidBarcode(code: unknown): code is string {
  return typeof code === 'string' && barcodeKind(code) !== null;
}
