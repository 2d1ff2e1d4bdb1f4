import { Actor } from '../../common/auth/business-context';
import type { Type } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { ErrorCode } from '../../common/errors/error-codes';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import { OriginalSale } from './original-sale';
import type { SaleStatement } from './persistence/sale-statement';
import { SaleDraft } from './sale-draft';

/**
 * A collaborator of the sale (customers, loyalty, invoices, finance; later a gift card's or costs'
 * ledger): what it checks before the sale is numbered, what it writes with the sale and how that is
 * undone, declared together, so an effect cannot exist without its undo (the shape of Vendure's
 * PaymentMethodHandler and of a Medusa workflow step with its compensation). An effect is a Nest
 * provider of its own module, marked `@SaleEffectProvider()` (sale-effects.ts); OrdersService,
 * OrderCancellationService and ReturnsService run every registered effect, in lock order.
 */
export interface SaleEffect<Input = unknown> {
  /** The module whose rows it writes: its parts of the sale statement are named `<module>.<part>`. */
  readonly module: string;
  /**
   * Optional: its own field of POST /orders' body (`gift_card: {code, amount}`), declared here and not
   * in the orders DTO (sale-effect-inputs.ts adds it when the app starts): validated with
   * class-validator like the rest (unknown fields 400), documented under the order's request body,
   * and handed to `checkSale` and `addToSale` (undefined when the order does not carry it). What its
   * undo needs of it, it writes with the sale (its own row with the sale's id). No effect declaring
   * one costs an order nothing.
   */
  readonly input?: SaleEffectInput<Input>;
  /**
   * The contended lock it takes, in its check, its parts and its undo; null when it takes none. Where
   * it sits is the rule in database/lock-order.ts (`saleEffectRankProblem` below).
   */
  readonly lock: LockRank | null;
  /**
   * The order choices that change what it writes (a customer, an invoice, a payment method). The
   * persistence tests prepare the numbered statement of every combination of the registered effects'
   * shapes, and the lock-order test runs each through an order, a return and a cancellation.
   */
  readonly shapes: readonly SaleShape[];
  /**
   * Optional, inside the order's transaction after its stock is taken and before the numbered
   * statement: it may read, take its `lock` (`tx.locks.take(this.lock)` first) and refuse with a
   * DomainError; the transaction then rolls back, writing nothing and taking no number. Its
   * statements are its own round trips: an effect without a check costs the order none.
   */
  checkSale?(tx: Tx, business: BusinessContext, sale: SaleDraft, input: Input | undefined): Promise<void>;
  /** The codes its check refuses with (src/common/errors): POST /orders documents them. */
  readonly refusals?: readonly ErrorCode[];
  /**
   * Adds its rows to the sale's numbered statement, the last before commit (no statement of its
   * own): with the sale's typed references (`stmt.saleNumber`), a ranked part after `stmt.afterLastLock()`.
   * A lock its check took is held already: its parts do not declare it again.
   */
  addToSale(stmt: SaleStatement, sale: SaleDraft, input: Input | undefined): void;
  /**
   * The one undo, run by a cancellation (`reversal.wholeSale`) and by a return (`reversal.returned`):
   * undoes its share of `reversal.amount`/`points` in the transaction, knowing the original sale as
   * stored (`reversal.sale`, how it was paid included) and finding what it wrote by `reversal.sale.id`;
   * it notes what it did in `reversal.outcome`.
   */
  reverseSale(tx: Tx, reversal: SaleReversal): Promise<void>;
}

/** An effect's own field of POST /orders' body. */
export interface SaleEffectInput<Input = unknown> {
  /** its name in the body, snake_case (`gift_card`); not a field of the orders DTO */
  readonly key: string;
  /** the class it becomes: class-validator rules and @ApiProperty on its fields, like any DTO */
  readonly type: Type<Input>;
  /** what the document says of it */
  readonly description: string;
  /** a valid value, for the document and for the persistence tests that prepare the order statement with it */
  readonly example: Input;
}

/** An order choice an effect writes differently for; absent fields are any. */
export interface SaleShape {
  /** the modules whose declared input the order carries (`{ inputs: ['giftCards'] }`) */
  inputs?: readonly string[];
  /** the order names a customer */
  customer?: boolean;
  /** the order asks for an invoice */
  invoice?: boolean;
  /** a registered payment method's name; absent: the default one */
  paymentMethod?: string;
}

/** What the effects did, filled in as they run (in lock order: the invoice before the refund). */
export interface ReversalOutcome {
  pointsReversed: number;
  invoiceId: string | null;
  /** the credit note a return's reversal issued against the invoice */
  creditNote: { id: string; number: string } | null;
}

/** A refund's tax at one rate (docs/api.md 22): the increase of the order's cumulative refund at it. */
export interface RefundedTaxLine {
  tax_rate_id: string;
  name: string;
  rate: string;
  taxable_amount: string;
  tax_amount: string;
  /** the value returned at the rate (the increase of G_r) */
  base_amount: string;
}

/** The return a partial reversal undoes, with its amounts as refunded (docs/api.md 12). */
export interface ReturnedGoods {
  id: string;
  returnNumber: string;
  /** the return's time (its number's) */
  at: Date;
  /** its tax per rate when the order's tax was computed; empty otherwise */
  taxLines: RefundedTaxLine[];
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
  /** who undoes it (the cancellation's or the return's caller): a credit note's `created_by` */
  actor: Actor;
  /** IANA zone of the business: a refund is booked on today's date there */
  timezone: string;
  /** the original sale, every column as stored, its row locked (lockReversibleSale) */
  sale: OriginalSale;
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

/**
 * The effects by LockRank, effects without a lock last, by module name among equals: the order in
 * which they check, add their parts and undo, so that their locks follow the one order.
 */
export function inLockOrder(effects: readonly SaleEffect[]): SaleEffect[] {
  const rank = (e: SaleEffect) => e.lock ?? Number.MAX_SAFE_INTEGER;
  return [...effects].sort((a, b) => rank(a) - rank(b) || a.module.localeCompare(b.module));
}

/** Why `effect`'s rank breaks the rule of database/lock-order.ts; null when it keeps it. */
export function saleEffectRankProblem(effect: SaleEffect): string | null {
  const { lock, module } = effect;
  if (lock === null) return null;
  const name = `sale effect ${module} (${LockRank[lock]})`;
  if (lock <= LockRank.ReturnCounter) return `${name} must rank above ReturnCounter, which a return holds when it runs the effects' undo`;
  if (effect.checkSale && lock >= LockRank.SaleCounter) {
    return `${name} locks in its check, before the numbered statement takes the sale counter: it must rank below SaleCounter`;
  }
  if (!effect.checkSale && lock <= LockRank.SaleCounter)
    return `${name} locks in the numbered statement, after the sale counter: it must rank above SaleCounter`;
  return null;
}

/**
 * Every combination of the effects' shapes (one shape of each effect, later fields winning),
 * without repeats: the orders whose numbered statements differ.
 */
export function saleShapes(effects: readonly SaleEffect[]): SaleShape[] {
  let combined: SaleShape[] = [{}];
  for (const effect of effects) {
    const shapes = effect.shapes.length > 0 ? effect.shapes : [{}];
    combined = combined.flatMap((c) => shapes.map((s) => withInputs({ ...c, ...s }, [...(c.inputs ?? []), ...(s.inputs ?? [])])));
  }
  const seen = new Map<string, SaleShape>();
  for (const shape of combined) {
    seen.set(JSON.stringify([shape.customer ?? false, shape.invoice ?? false, shape.paymentMethod ?? '', [...(shape.inputs ?? [])].sort()]), shape);
  }
  return [...seen.values()];
}

function withInputs(shape: SaleShape, inputs: string[]): SaleShape {
  const { inputs: _ignored, ...rest } = shape;
  return inputs.length > 0 ? { ...rest, inputs: [...new Set(inputs)] } : rest;
}
