import { ExactNumber, stringifyExact } from './exact-json';

describe('stringifyExact', () => {
  it('writes exact literals where they are, and everything else as JSON.stringify does', () => {
    const body = { success: true, data: { total: new ExactNumber('100999999999998.99'), list: [new ExactNumber('-0.5'), 1.25, 'x'], nested: { n: null } } };
    expect(stringifyExact(body)).toBe('{"success":true,"data":{"total":100999999999998.99,"list":[-0.5,1.25,"x"],"nested":{"n":null}}}');
    expect(stringifyExact({ a: 1, b: 'two' })).toBe(JSON.stringify({ a: 1, b: 'two' }));
  });

  it('leaves a client string that looks like a placeholder alone', () => {
    const sneaky = { name: 'exact-number-00000000-0000-4000-8000-000000000000:1' };
    expect(stringifyExact(sneaky)).toBe(JSON.stringify(sneaky));
  });

  it('other JSON writers get the nearest double', () => {
    expect(JSON.stringify({ total: new ExactNumber('12.5') })).toBe('{"total":12.5}');
  });
});
