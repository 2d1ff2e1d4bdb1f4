import { defineStatement } from '../../../database/statement';

/**
 * The next position of the stock ledger (`stock_movements.seq`): where a transfer closes, taken under
 * its products' stock locks. Its own statement, not `nextval` inside the transfer's UPDATE: Citus
 * refuses a volatile function in an UPDATE of a distributed table.
 */
export const nextLedgerSeq = defineStatement<[], { seq: string }>(
  'transfers.nextLedgerSeq',
  `SELECT nextval(pg_get_serial_sequence('stock_movements', 'seq'))::text AS seq`,
);
