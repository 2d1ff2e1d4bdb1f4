import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('wraps a plain term', () => {
    expect(containsPattern('Coffee')).toBe('%Coffee%');
  });

  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('c:\\tmp')).toBe('%c:\\\\tmp%');
    expect(containsPattern('%_%')).toBe('%\\%\\_\\%%');
  });

  it('leaves other characters alone', () => {
    expect(containsPattern("O'Brien [x] *")).toBe("%O'Brien [x] *%");
  });
});
