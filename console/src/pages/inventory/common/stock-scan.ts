import { subtractDecimal } from './numbers';

/**
 * What a scan does on a stock screen (receiving a purchase order, counting a shelf): each scan of a
 * product is one more of it. Quantities stay the exact decimal text the user sees and may edit.
 */

/** The typed quantity plus one (blank is 0), exact; null when the text is not a quantity (the clerk is typing). */
export function plusOne(text: string): string | null {
  const t = text.trim();
  if (t === '') return '1';
  if (!/^\d{1,11}(\.\d{1,3})?$/.test(t)) return null;
  return subtractDecimal(t, -1);
}

/** A purchase order line as receiving sees it. */
export interface ReceivableLine {
  product_id: string;
  quantity: number | string;
  received_quantity: number | string;
}

/** Whether a decimal text is above 0 (exactly: no float). */
function positive(text: string): boolean {
  return /^[+]?\d*\.?\d*$/.test(text) && /[1-9]/.test(text);
}

/**
 * The line a scanned product raises: its first line that still has more to come than typed, else its
 * first line (receiving more than ordered is then the API's 422 to show); -1 when it is on none.
 */
export function receiveLineFor(lines: readonly ReceivableLine[], typed: readonly string[], productId: string): number {
  let first = -1;
  for (const [i, line] of lines.entries()) {
    if (line.product_id !== productId) continue;
    if (first < 0) first = i;
    const typedNow = typed[i]?.trim() || '0';
    if (!/^\d{1,11}(\.\d{1,3})?$/.test(typedNow)) continue;
    if (positive(subtractDecimal(subtractDecimal(line.quantity, line.received_quantity), typedNow))) return i;
  }
  return first;
}

/** Everything still to come on each line (what "Fill in all still to come" types). */
export function stillToCome(lines: readonly ReceivableLine[]): string[] {
  return lines.map((line) => subtractDecimal(line.quantity, line.received_quantity));
}
