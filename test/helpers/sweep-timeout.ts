/**
 * The timeout of a step that sweeps every documented route (making an instance per route, calling
 * each): its work grows with the API and, on a machine shared with other work (two CI runs and more
 * on two cores), its time with the load. Speed is measured by `npm run bench`, never by these steps,
 * so the bound only stops a hung run.
 */
export const ROUTE_SWEEP_TIMEOUT_MS = 600_000;
