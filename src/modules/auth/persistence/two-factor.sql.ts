import { defineStatement } from '../../../database/statement';

/**
 * Records the TOTP time step $2 as the user's last used one, only when it is later than the one
 * recorded: a code is accepted once, even by two requests at the same moment (the one that loses
 * finds no row).
 */
export const takeTotpStep = defineStatement<[userId: string, step: string], { id: string }>(
  'auth.takeTotpStep',
  `UPDATE users SET two_factor_last_step = $2::bigint
    WHERE id = $1 AND two_factor_enabled_at IS NOT NULL AND (two_factor_last_step IS NULL OR two_factor_last_step < $2::bigint)
   RETURNING id`,
);

/** Uses up the recovery code whose hash is $2: removed from the user's list, once (no row: not there). */
export const takeRecoveryCode = defineStatement<[userId: string, codeHash: string], { id: string }>(
  'auth.takeRecoveryCode',
  `UPDATE users SET two_factor_recovery_hashes = array_remove(two_factor_recovery_hashes, $2)
    WHERE id = $1 AND two_factor_enabled_at IS NOT NULL AND $2 = ANY(two_factor_recovery_hashes)
   RETURNING id`,
);
