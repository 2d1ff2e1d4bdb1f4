import { isEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  it.each(['ada@example.com', ' Ada@Example.com ', '"quoted local"@example.com', 'a.b+tag@sub.example.co'])('accepts %j', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each([
    ['CR LF in a quoted local part', '"x\\\r\nBcc: evil@evil.test"@example.com'],
    ['a LF in a quoted local part', '"x\nBcc: evil@evil.test"@example.com'],
    ['a NUL', '"x\u0000y"@example.com'],
    ['a TAB', '"x\ty"@example.com'],
    ['DEL', '"x\u007fy"@example.com'],
    ['a C1 control', '"x\u0085y"@example.com'],
    ['a trailing CR LF', 'a@example.com\r\n'],
    ['a leading tab', '\ta@example.com'],
    ['a display name', 'Eve <eve@example.com>'],
    ['two addresses', 'a@example.com, b@example.com'],
    ['over 254 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`],
    ['a number', 42],
  ])('refuses %s', (_what, value) => {
    expect(isEmailAddress(value)).toBe(false);
  });
});
