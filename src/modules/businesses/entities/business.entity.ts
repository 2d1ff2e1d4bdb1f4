import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A tenant: every other table carries its id. */
@Entity('businesses')
export class Business {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'businesses_pkey' })
  id: string;

  @Column('text')
  name: string;

  /** ISO 4217 code */
  @Column('char', { length: 3, default: () => "'USD'" })
  currency: string;

  /** IANA zone: the business's calendar days (reports, finance dates, list date filters) */
  @Column('text', { default: () => "'UTC'" })
  timezone: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  /** The letterhead of its invoices and credit notes (docs/api.md 17): all optional. */
  @Column('text', { nullable: true })
  legalName: string | null;

  /** at most 5 lines of at most 200 characters (the DTO's rule) */
  @Column('text', { array: true, nullable: true })
  addressLines: string[] | null;

  @Column('text', { nullable: true })
  taxId: string | null;

  @Column('text', { nullable: true })
  email: string | null;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { nullable: true })
  invoiceFooter: string | null;

  /** printed at the foot of its till receipts (docs/api.md 21) */
  @Column('text', { nullable: true })
  receiptFooter: string | null;

  /** docs/api.md 19: members without two-factor are refused (403 TWO_FACTOR_SETUP_REQUIRED) outside /auth/* */
  @Column('boolean', { default: false })
  requireTwoFactor: boolean;

  /** docs/api.md 22: prices (products and order lines) include tax; applies to orders taken after a change */
  @Column('boolean', { default: false })
  pricesIncludeTax: boolean;

  /** docs/api.md 22: the rate shipping is taxed at (untaxed when null). No foreign key: businesses becomes a reference table. */
  @Column('uuid', { nullable: true })
  shippingTaxRateId: string | null;
}
