import { defineStatement } from '../../../database/statement';

/** The cheapest statement the database must answer: readiness asks nothing more of it. */
export const ping = defineStatement<[], { ready: number }>('health.ping', `SELECT 1 AS ready`);
