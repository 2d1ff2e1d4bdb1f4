import { LockRank } from '../../../database/lock-order';
import { defineStatement } from '../../../database/statement';
import { Tx } from '../../../database/transaction';

/** The advisory-lock class of the staff accounts (two-int keys: a space of their own). */
const STAFF_ACCOUNTS_LOCK_CLASS = 5;

/**
 * One lock for the whole service: a statement without a table runs where the app is connected, the
 * Citus coordinator too, so every API process meets the same lock. Staff changes are rare; an order
 * never takes it.
 */
const lockStaffAccountsStatement = defineStatement<[], { locked: string }>(
  'staff.lockAccounts',
  `SELECT pg_advisory_xact_lock(${STAFF_ACCOUNTS_LOCK_CLASS}, 0)::text AS locked`,
);

/** LockRank.StaffAccounts, taken before the transaction writes users, staff tokens or sessions. */
export async function lockStaffAccounts(tx: Tx): Promise<void> {
  tx.locks.take(LockRank.StaffAccounts);
  await tx.run(lockStaffAccountsStatement, []);
}
