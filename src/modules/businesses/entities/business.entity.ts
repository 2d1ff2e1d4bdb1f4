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
}
