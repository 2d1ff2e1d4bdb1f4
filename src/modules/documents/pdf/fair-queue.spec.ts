import { FairQueue } from './fair-queue';

describe('FairQueue: one queue per key, served in turn', () => {
  it('serves keys in turn, each key in order', () => {
    const q = new FairQueue<string>(10);
    for (const item of ['a1', 'a2', 'a3']) q.push('a', item);
    q.push('b', 'b1');
    q.push('c', 'c1');
    q.push('c', 'c2');
    expect([q.shift(), q.shift(), q.shift(), q.shift(), q.shift(), q.shift(), q.shift()]).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', undefined]);
  });

  it("a key arriving while another's item runs is served next, before that key's second", () => {
    const q = new FairQueue<string>(100);
    for (let i = 1; i <= 60; i++) q.push('a', `a${i}`);
    expect(q.shift()).toBe('a1'); // running; a is back in line with 59
    q.push('b', 'b1');
    expect(q.shift()).toBe('b1');
    expect(q.shift()).toBe('a2');
  });

  it('refuses past the bound of a key, not of another; an unbounded push always goes in', () => {
    const q = new FairQueue<string>(2);
    expect(q.push('a', 'a1')).toBe(true);
    expect(q.push('a', 'a2')).toBe(true);
    expect(q.push('a', 'a3')).toBe(false);
    expect(q.push('a', 'mail', false)).toBe(true);
    expect(q.push('b', 'b1')).toBe(true);
    expect([q.shift(), q.shift(), q.shift(), q.shift(), q.shift()]).toEqual(['a1', 'b1', 'a2', 'mail', undefined]);
  });

  it('removes a waiting item (a client that left); its key leaves the turn when empty', () => {
    const q = new FairQueue<string>(10);
    q.push('a', 'a1');
    q.push('a', 'a2');
    q.push('b', 'b1');
    expect(q.remove('a', 'a1')).toBe(true);
    expect(q.remove('a', 'a1')).toBe(false);
    expect(q.remove('b', 'b1')).toBe(true);
    expect(q.push('a', 'a3')).toBe(true);
    expect([q.shift(), q.shift(), q.shift()]).toEqual(['a2', 'a3', undefined]);
  });
});
