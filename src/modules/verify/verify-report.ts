/** One check's answer: how many rows it examined and what drifted (capped; drift_count is exact). */
export interface CheckResult {
  counts?: keyof VerifyReport['checked'];
  checked: number;
  driftCount: number;
  drift: Record<string, unknown>[];
}

export interface VerifyReport {
  ok: boolean;
  checked: { stock_levels: number; loyalty_accounts: number; orders: number; returns: number };
  drift: Record<string, unknown>[];
  /** present only when more drift exists than is listed */
  drift_total?: number;
}

/** Drops the keys a kind does not use (null in the SQL's common column list). */
function compact(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null && value !== undefined));
}

/** The single JSON line `cli verify` prints: `{ok, checked: {stock_levels, loyalty_accounts, orders, returns}, drift}`, ok only without drift. */
export function buildReport(results: CheckResult[]): VerifyReport {
  const checked = { stock_levels: 0, loyalty_accounts: 0, orders: 0, returns: 0 };
  const drift: Record<string, unknown>[] = [];
  let total = 0;
  for (const r of results) {
    if (r.counts) checked[r.counts] += r.checked;
    drift.push(...r.drift.map(compact));
    total += r.driftCount;
  }
  return { ok: total === 0, checked, drift, ...(total > drift.length ? { drift_total: total } : {}) };
}
