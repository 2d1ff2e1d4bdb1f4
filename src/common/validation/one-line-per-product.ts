import { DomainError } from '../errors/domain-error';

/** The index of the first line naming a product an earlier line named, else -1. */
export function firstRepeatedProduct(lines: { productId: string }[]): number {
  const seen = new Set<string>();
  return lines.findIndex((l) => seen.has(l.productId) || !seen.add(l.productId));
}

export function repeatedProductMessage(index: number): string {
  return `items[${index}].product_id names a product of an earlier line; give each product once`;
}

/** 400 on the first line naming a product twice: documents with one line per product (transfers, counts). */
export function assertOneLinePerProduct(lines: { productId: string }[]): void {
  const repeated = firstRepeatedProduct(lines);
  if (repeated >= 0) throw DomainError.validation(`items[${repeated}].product_id`, repeatedProductMessage(repeated));
}
