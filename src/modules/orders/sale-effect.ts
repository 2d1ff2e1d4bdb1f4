import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import { SaleStatement } from './persistence/sale-statement';
import { SaleDraft } from './sale-draft';

/**
 * A collaborator of the sale (customers, loyalty, invoices, finance; later returns' and costs'
 * ledgers): what it writes when a sale is recorded and how that is undone, declared together, so an
 * effect cannot exist without its undo. OrdersService and OrderCancellationService run the effects
 * in lock order (see inLockOrder).
 */
export interface SaleEffect {
  /** The module whose rows it writes: its parts of the sale statement are named `<module>.<part>`. */
  readonly module: string;
  /** The contended lock it takes, doing and undoing; null when it takes none. */
  readonly lock: LockRank | null;
  /**
   * Adds its rows to the sale's numbered statement, the last before commit (no statement of its
   * own): with the sale's typed references (`stmt.saleNumber`), a ranked part after `stmt.afterLastLock()`.
   */
  addToSale(stmt: SaleStatement, sale: SaleDraft): void;
  /** Undoes its share of `reversal` in the transaction, noting what it did in `reversal.outcome`. */
  reverseSale(tx: Tx, reversal: SaleReversal): Promise<void>;
}

/** The sale being (partly) undone, as locked by the caller. */
export interface ReversedSale {
  id: string;
  saleNumber: string;
  customerId: string | null;
  createdAt: Date;
}

/** What the effects did, filled in as they run (in lock order: the invoice before the refund). */
export interface ReversalOutcome {
  pointsReversed: number;
  invoiceId: string | null;
  /** the credit note a return's reversal issued against the invoice */
  creditNote: { id: string; number: string } | null;
}

/** The return a partial reversal undoes, with its amounts as refunded (CONTRACT.md 12). */
export interface ReturnedGoods {
  id: string;
  returnNumber: string;
  subtotal: string;
  taxAmount: string;
  discountAmount: string;
  shippingAmount: string;
  total: string;
}

/**
 * What to undo of a sale: the amounts to take back now, not "the whole sale", so that a partial
 * return of some lines reuses the effects a cancellation runs, with its own amounts.
 */
export interface SaleReversal {
  businessId: string;
  /** IANA zone of the business: a refund is booked on today's date there */
  timezone: string;
  sale: ReversedSale;
  /**
   * The whole sale is undone (a cancellation): it leaves the customer's order count and its invoice
   * is cancelled. A partial reversal (a return) only takes amounts back.
   */
  wholeSale: boolean;
  /** money given back now, exact decimal: leaves the customer's totals, booked as a refund */
  amount: string;
  /** whole points to take back now; the balance caps what is really taken */
  points: number;
  /** what the ledgers say of it */
  descriptions: { points: string; refund: string };
  /** the return being recorded; null for a cancellation */
  returned: ReturnedGoods | null;
  outcome: ReversalOutcome;
}

/** Nest token of the effects, in lock order. */
export const SALE_EFFECTS = 'SALE_EFFECTS';

/**
 * The effects by LockRank, effects without a lock last, keeping the given order among equals: the
 * order in which they add their parts and undo, so that their locks follow the one order.
 */
export function inLockOrder(effects: SaleEffect[]): SaleEffect[] {
  const rank = (e: SaleEffect) => e.lock ?? Number.MAX_SAFE_INTEGER;
  return effects
    .map((effect, i) => ({ effect, i }))
    .sort((a, b) => rank(a.effect) - rank(b.effect) || a.i - b.i)
    .map((x) => x.effect);
}
