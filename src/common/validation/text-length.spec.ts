import { validateSync } from 'class-validator';
import { characterCount, CharLength } from './text-length';

class Named {
  @CharLength(1, 3)
  name!: unknown;
}

const errorsFor = (name: unknown) => validateSync(Object.assign(new Named(), { name })).length;

describe('characterCount and CharLength', () => {
  it('counts code points: an emoji is one, a variation selector one, a lone surrogate one', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('\u{1F600}'.repeat(100))).toBe(100);
    expect(characterCount('\u2764\uFE0F')).toBe(2);
    expect(characterCount('a\uD800b')).toBe(3);
  });

  it('takes 1 to 3 characters of any width and refuses the rest', () => {
    expect(errorsFor('\u{1F600}\u{1F600}\u{1F600}')).toBe(0);
    expect(errorsFor('\u{1F600}\u{1F600}\u{1F600}\u{1F600}')).toBe(1);
    expect(errorsFor('\u2764\uFE0F\u2764\uFE0F')).toBe(1);
    expect(errorsFor('')).toBe(1);
    expect(errorsFor(7)).toBe(1);
  });
});
