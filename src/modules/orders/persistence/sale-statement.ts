import { ActivityRecord } from '../../../common/activity/activity-record';
import { BusinessContext } from '../../../common/auth/business-context';
import { DomainEvent } from '../../../common/events/domain-event';
import { CombinedStatement, Selection } from '../../../database/combined-statement';
import { addNumber, NumberRef } from '../../../database/numbering';
import { lockCounter } from '../../../database/persistence/counters.sql';
import { Tx } from '../../../database/transaction';

/** What the numbered statement gives back. */
export interface SaleNumbers {
  sale_number: string;
  invoice_number: string | null;
  created_at: Date;
}

/**
 * The numbered statement of a sale, the last before commit: it takes the sale number first (the
 * per-business counter, held from here to the commit, so taken as late as possible), then the sale's
 * rows and every effect's parts read it through typed references, never by column names.
 */
export class SaleStatement extends CombinedStatement {
  /** the business, a parameter of the statement */
  readonly businessId: string;
  /** the sale number: `number`, `formatted` (S-0001) and `at`, the sale's creation time */
  readonly saleNumber: NumberRef;
  /** the invoice's number, once an effect issued one (InvoicesSaleEffect) */
  invoiceNumber: NumberRef | null = null;
  private timezoneParam: string | undefined;

  constructor(private readonly business: BusinessContext) {
    super();
    this.businessId = this.param(business.id, 'uuid');
    this.lockFirst(lockCounter, [business.id, 'sale']);
    this.saleNumber = addNumber(this, 'orders.saleNumber', this.businessId, 'sale', 'S');
  }

  /** The business's time zone as a parameter (text), for dates that are the sale's date there. */
  get timezone(): string {
    return (this.timezoneParam ??= this.param(this.business.timezone, 'text'));
  }

  /** The event's `sale_number` is the number this statement takes. */
  stampSaleNumber(event: DomainEvent<{ sale_number: string }>): void {
    this.stamp(event, 'sale_number', this.saleNumber.part.scalar(this.saleNumber.formatted));
  }

  /** The activity entry's resource label is the number this statement takes (S-0042). */
  stampSaleNumberAsLabel(record: ActivityRecord): void {
    this.stampActivityLabel(record, this.saleNumber.part.scalar(this.saleNumber.formatted));
  }

  /**
   * The final SELECT: the numbers and the creation time. A counter that gave no number fails the
   * statement itself (a division by zero), so the transaction can never commit a sale without them,
   * also when the COMMIT travels with the statement.
   */
  selection(): Selection<SaleNumbers & { numbered: number }> {
    const taken = this.invoiceNumber ? [this.saleNumber, this.invoiceNumber] : [this.saleNumber];
    return {
      columns: {
        sale_number: this.saleNumber.part.scalar(this.saleNumber.formatted),
        invoice_number: this.invoiceNumber ? this.invoiceNumber.part.scalar(this.invoiceNumber.formatted) : 'NULL::text',
        created_at: this.saleNumber.part.scalar(this.saleNumber.at),
        numbered: taken.map((n) => `1 / (SELECT count(*)::int FROM ${n.from})`).join(' + '),
      },
    };
  }

  /**
   * Runs it as the transaction's last statement (with the COMMIT when the unit of work allows, so the
   * counter is held for no round trip), writing the pending events.
   */
  async record(tx: Tx): Promise<SaleNumbers> {
    const row = await this.run(tx, this.selection(), { last: true });
    const { sale_number, invoice_number, created_at } = row!;
    return { sale_number, invoice_number, created_at };
  }
}
