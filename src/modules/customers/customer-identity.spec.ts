import { customerIdentity, givenIdentity, normalizeEmail, normalizePhone } from './customer-identity';

describe('normalizeEmail', () => {
  it.each([
    ['Ada@Example.COM', 'ada@example.com'],
    ['  ada@example.com\t', 'ada@example.com'],
    [' MIXED.Case+tag@Host.io ', 'mixed.case+tag@host.io'],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p -> %p', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+1 (555) 010-0200', '+15550100200'],
    ['555.010.0200', '5550100200'],
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['0044 20 7946 0958', '00442079460958'],
    ['555 - 0100', '5550100'],
    ['1+2', '12'],
    ['(+) ', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p -> %p', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('matches the same number written differently', () => {
    expect(normalizePhone('+1 555 010 0200')).toBe(normalizePhone('+1-(555)-010-0200'));
    expect(normalizePhone('+15550100200')).not.toBe(normalizePhone('15550100200'));
  });
});

describe('customerIdentity', () => {
  it('keeps the contact fields as given (trimmed) beside their normalised forms', () => {
    expect(customerIdentity({ name: ' Ada ', email: ' Ada@Example.com ', phone: '+1 555 0100' })).toEqual({
      name: 'Ada',
      email: 'Ada@Example.com',
      emailNormalized: 'ada@example.com',
      phone: '+1 555 0100',
      phoneNormalized: '+15550100',
    });
  });

  it('turns absent and blank fields into null', () => {
    expect(customerIdentity({ email: 'a@b.co', name: '  ' })).toEqual({
      name: null,
      email: 'a@b.co',
      emailNormalized: 'a@b.co',
      phone: null,
      phoneNormalized: null,
    });
  });
});

describe('givenIdentity', () => {
  it('sets a given contact field in both its forms and leaves absent ones out', () => {
    expect(givenIdentity({ email: ' New@X.test ' })).toEqual({ email: 'New@X.test', emailNormalized: 'new@x.test' });
    expect(givenIdentity({ name: ' A2 ', phone: '+1 (555) 0100' })).toEqual({ name: 'A2', phone: '+1 (555) 0100', phoneNormalized: '+15550100' });
    expect(givenIdentity({})).toEqual({});
  });

  it('clears a field given as null', () => {
    expect(givenIdentity({ phone: null, email: null })).toEqual({ phone: null, phoneNormalized: null, email: null, emailNormalized: null });
  });
});
