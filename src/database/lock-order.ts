/**
 * The one order in which a transaction may take the contended locks of this service. Two
 * transactions that both follow it can wait on each other but never in a cycle, so they never
 * deadlock. It is enforced in code, in two places:
 *
 * - at run time, per transaction: each method that locks one of these rows calls
 *   `tx.locks.take(rank)` first (a part of a CombinedStatement declares its rank and the statement
 *   takes it when it runs); a rank lower than one already held throws before the statement runs, so
 *   a wrong order fails the first test that runs the path, not a busy shop;
 * - at build time, within one CombinedStatement, where PostgreSQL decides the order of the parts:
 *   ranked parts must come in ascending order and each must read the part of the previous rank.
 *
 * An order takes: its products' stock locks, a new customer's identity (find-or-create), its stock rows (in product order),
 * then the locks of the sale effects that check before the numbered statement, then in its last
 * statement the sale counter, the customer's totals, the loyalty account and the invoice counter. A
 * cancellation starts at the sale row, follows the same order for what it touches, and ends at the
 * analytics rollup lock. A return does the same, taking its own number after the stock and the
 * credit note's after the invoice. Stock adjustments, transfers and counts take the product's stock lock,
 * then its stock rows; a transfer's receipt or cancellation locks the transfer row first.
 *
 * The rule for a sale effect's rank (orders/sale-effect.ts, `saleEffectRankProblem`, checked when
 * the app starts and run for real by test/sale-effects-lock-order.e2e-spec.ts):
 *
 * - above every lock the undo paths hold before they run the effects: SaleRow, the stock, and the
 *   return's own number (ReturnCounter);
 * - an effect with a check phase (`checkSale`) takes its lock there, after the order's stock rows
 *   and before the numbered statement takes the sale counter: between ReturnCounter and SaleCounter
 *   (the band 36-39);
 * - an effect that locks within the numbered statement (`addToSale`) ranks above SaleCounter.
 */
export enum LockRank {
  /**
   * the staff accounts' shared tables (users, staff_tokens, user_sessions): one advisory lock taken
   * first by every transaction that writes two of them (staff/persistence/staff-accounts-lock.sql.ts).
   * On Citus they are reference tables, and any write to one but a plain INSERT locks that whole table
   * and the tables its foreign keys name, in that order: an invitation (users, then staff_tokens)
   * and a resend (staff_tokens, then users) deadlocked (citusdata/citus#1054).
   */
  StaffAccounts = 5,
  /** an existing sale, locked by the cancellation or a return before anything else */
  SaleRow = 10,
  /** an existing purchase order, locked by every change of it (a receipt's first lock) */
  PurchaseOrderRow = 12,
  /** an existing stock transfer, locked by its receipt or cancellation before its products' stock */
  TransferRow = 13,
  /**
   * a product's stock over all warehouses: an advisory lock per product, in key order
   * (stock/persistence/product-stock-lock.sql.ts), taken by every change of its stock levels in a statement BEFORE the one that changes them, so
   * that statement's snapshot holds every earlier change of the product: the total that stock.low and
   * stock.out are judged on is then exact (two warehouses changed at once would each miss the other)
   */
  ProductStock = 15,
  /** a customer found or created by email/phone (a new row holds its unique index entry) */
  CustomerIdentity = 20,
  /** stock_levels rows, always in product-id order within one statement */
  StockLevels = 30,
  /**
   * the per-business return counter (a return's number names its loyalty and finance rows): taken
   * before the sale effects' undo, so below every effect's rank. No transaction holds it with the
   * sale counter.
   */
  ReturnCounter = 35,
  // 36-39: the locks sale effects take in their check phase (see the rule above)
  /**
   * a payment method's own row (a voucher's balance), taken by the method's check and its undo
   * through the payments effect (orders/payment-sale.effect.ts): one rank for every method, since a
   * sale is paid one way
   */
  PaymentMethod = 37,
  /** the per-business sale counter: held until commit, so taken as late as possible */
  SaleCounter = 40,
  /** the per-business goods receipt counter, after the stock a receipt changes */
  ReceiptCounter = 47,
  /** the per-business transfer counter, after the stock a transfer ships */
  TransferCounter = 48,
  /** the per-business stock count counter, after the stock a count sets */
  StockCountCounter = 49,
  /** a customer's totals (total_spent, total_orders) */
  CustomerTotals = 50,
  /** a customer's loyalty account */
  LoyaltyAccount = 60,
  /** the per-business invoice counter, or an existing invoice row */
  Invoice = 70,
  /** the per-business credit note counter, after the invoice it credits */
  CreditNoteCounter = 75,
  /** the analytics rollup lock of a business, taken by corrections of closed periods */
  AnalyticsRollup = 80,
  /**
   * the window product rows of a business (analytics/persistence/window-product-upkeep.sql.ts): an
   * advisory lock taken after the rollup lock (shared) by a fill, which may change them, and by a
   * window length's rebuild, so a rebuild never meets a fill's change halfway
   */
  AnalyticsWindowRows = 85,
}

export class LockOrderViolation extends Error {}

/** The highest rank a transaction holds; refuses going back down. */
export class LockOrder {
  private held: LockRank | undefined;
  private readonly taken = new Set<LockRank>();

  take(rank: LockRank): void {
    if (this.held !== undefined && rank < this.held) {
      throw new LockOrderViolation(`lock order: ${LockRank[rank]} taken after ${LockRank[this.held]}`);
    }
    this.held = rank;
    this.taken.add(rank);
  }

  /** Whether the transaction took `rank` (a step that relies on an earlier lock checks it). */
  holds(rank: LockRank): boolean {
    return this.taken.has(rank);
  }

  get highest(): LockRank | undefined {
    return this.held;
  }
}
