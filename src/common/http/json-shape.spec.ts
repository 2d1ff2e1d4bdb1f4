import { MAX_INPUT_DEPTH, MAX_VALUES, unsafeInputProblems } from '../validation/unsafe-input';
import { jsonShapeProblem } from './json-shape';

const shape = (text: string) => jsonShapeProblem(Buffer.from(text));

describe('jsonShapeProblem', () => {
  it('passes ordinary bodies, strings with commas, brackets, quotes and escapes included', () => {
    expect(shape('{"items":[{"product_id":"a","quantity":1}],"note":"a, [b] {c} \\\\\\" ,,,"}')).toBeNull();
    expect(shape(`{"note":"${','.repeat(MAX_VALUES * 2)}"}`)).toBeNull();
    expect(shape(`{"note":"${'['.repeat(MAX_INPUT_DEPTH * 2)}"}`)).toBeNull();
    expect(shape('"Ω, ñ, 漢字"')).toBeNull();
  });

  it('refuses more values than a body may hold, and nesting past the depth limit', () => {
    expect(shape(`[${new Array(MAX_VALUES + 1).fill('{}').join(',')}]`)).toBe(`holds more than ${MAX_VALUES} values`);
    expect(shape(`{${Array.from({ length: 80_000 }, (_, i) => `"k${i}":1`).join(',')}}`)).toBe(`holds more than ${MAX_VALUES} values`);
    expect(shape(`${'['.repeat(MAX_INPUT_DEPTH + 1)}${']'.repeat(MAX_INPUT_DEPTH + 1)}`)).toBe(`nests deeper than ${MAX_INPUT_DEPTH} levels`);
    expect(shape(`${'['.repeat(MAX_INPUT_DEPTH)}${']'.repeat(MAX_INPUT_DEPTH)}`)).toBeNull();
    expect(shape(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toBe(`nests deeper than ${MAX_INPUT_DEPTH} levels`);
  });

  it('never refuses what the check after parsing accepts: its count is at most the exact one', () => {
    const bodies = [
      [new Array(MAX_VALUES - 1).fill(1)],
      { items: new Array(MAX_VALUES - 2).fill({}) },
      { a: [[], {}, [{}], { b: [1, 2, 3] }], c: 'x,y' },
      new Array(MAX_VALUES - 1).fill([]),
    ];
    for (const body of bodies) {
      const exactRefuses = unsafeInputProblems(body).some((p) => p.message.includes('values'));
      if (!exactRefuses) expect(shape(JSON.stringify(body))).toBeNull();
    }
  });
});
