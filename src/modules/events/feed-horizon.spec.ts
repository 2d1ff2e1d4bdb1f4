import { settledPrefix } from './feed-horizon';

const row = (id: number, settled: boolean) => ({ id, settled });

describe('settledPrefix', () => {
  it('keeps every row when all are settled', () => {
    expect(settledPrefix([row(1, true), row(2, true)]).map((r) => r.id)).toEqual([1, 2]);
  });

  it('stops at the first row of a transaction that is not settled', () => {
    expect(settledPrefix([row(1, true), row(2, false), row(3, true)]).map((r) => r.id)).toEqual([1]);
  });

  it('returns nothing when the first row is not settled, and nothing for nothing', () => {
    expect(settledPrefix([row(1, false), row(2, true)])).toEqual([]);
    expect(settledPrefix([])).toEqual([]);
  });
});
