/**
 * How GET /orders?number= finds an order: a sale number is its prefix, a dash and its counter value
 * with at least 4 digits (S-0042, S-12345), so its trailing digits are the value the unique index
 * (business_id, number) is probed by, and the text is then compared whole in any case. Null when
 * the text cannot be a sale number (no trailing digits, or a value beyond any counter's).
 */
export function saleNumberKey(number: string): { value: string; text: string } | null {
  const digits = /(\d+)$/.exec(number)?.[1];
  if (digits === undefined) return null;
  const value = digits.replace(/^0+(?=\d)/, '');
  if (value.length > 18) return null;
  return { value, text: number };
}
