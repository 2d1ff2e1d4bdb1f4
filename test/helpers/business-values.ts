/**
 * What one business's answers say that no other business's answer may say: every string of every
 * answer the business got about its own data (ids, document numbers, SKUs, barcodes, names, emails,
 * phones, addresses, notes, reasons, URLs), less what is the same for every business: by nature
 * (sharedByNature), or because a business made the same way has it too (labels and defaults the
 * server writes: the tenant isolation suite drops what a third business shares, dropShared).
 * The suite looks for each of them in the answers another business gets.
 */
import { CallResult, stringsIn } from './route-cases';

const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
const SMALL_NUMBER = /^-?\d{1,7}(\.\d+)?$/;

/** Every `enum` value anywhere in the OpenAPI document: statuses, reasons, event names, methods. */
export function enumValues(document: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'enum' && Array.isArray(inner)) inner.filter((v) => typeof v === 'string').forEach((v) => out.add(v));
        else walk(inner);
      }
    }
  };
  walk(document);
  return out;
}

/**
 * Values every business may have as well, so they tell nothing: a documented enum value (statuses,
 * event names, payment methods), a date or a time (two businesses write in the same second), a
 * number written as a string (an amount, a quantity), and anything shorter than 4 characters (a
 * currency, "UTC"). Everything else a business's answers hold was made by or for that business.
 */
export function sharedByNature(value: string, enums: Set<string>): boolean {
  return enums.has(value) || DATE_OR_TIME.test(value) || SMALL_NUMBER.test(value) || value.length < 4;
}

/** Every string of a JSON value, object keys included (a report may key a map by id), at any depth. */
export function textsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => textsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      out.push(key);
      textsIn(inner, out);
    }
  }
  return out;
}

export class BusinessValues {
  /** value -> the first answer it was seen in, for readable failures */
  readonly seenIn = new Map<string, string>();

  constructor(private readonly enums: Set<string>) {}

  /** Takes values of the business (ids known otherwise, for one), unless shared by nature. */
  add(where: string, ...values: string[]): void {
    for (const value of values) if (!sharedByNature(value, this.enums) && !this.seenIn.has(value)) this.seenIn.set(value, where);
  }

  /** Takes every string value of one of the business's own answers (not the keys: they name fields). */
  addAnswer(where: string, body: unknown): void {
    this.add(where, ...stringsIn(body));
  }

  has(value: string): boolean {
    return this.seenIn.has(value);
  }

  /** Drops the values `shared` says another business has as well; returns them. */
  dropShared(shared: (value: string) => boolean): string[] {
    const dropped = [...this.seenIn.keys()].filter(shared);
    dropped.forEach((value) => this.seenIn.delete(value));
    return dropped;
  }

  /**
   * The business's values in an answer, anywhere inside its strings (a JSON answer's values and
   * keys; any other answer, a CSV say, as a whole), except those `allowed` (what the caller sent in
   * this request, or stored itself).
   */
  foundIn(res: CallResult, allowed: (value: string) => boolean): string[] {
    const haystack = res.body && typeof res.body === 'object' && Object.keys(res.body).length > 0 ? textsIn(res.body) : [res.text];
    const found: string[] = [];
    for (const [value, where] of this.seenIn) {
      if (!allowed(value) && haystack.some((text) => text.includes(value))) found.push(`${JSON.stringify(value)} (from ${where})`);
    }
    return found;
  }
}
