import { describe, expect, it } from 'vitest';
import { errorCode, fieldErrors } from './field-errors';

const validation = {
  success: false,
  error: {
    code: 'VALIDATION_ERROR',
    message: 'The request is not valid.',
    details: [
      { field: 'email', message: 'email must be an email' },
      { field: 'email', message: 'email is required' },
      { field: 'items.0.quantity', message: 'must be positive' },
      { required: 'admin' },
    ],
  },
};

describe("an API error's messages per form field", () => {
  it('keeps the first message of each field, ignoring details that name none', () => {
    expect(fieldErrors(validation)).toEqual({ email: 'email must be an email', 'items.0.quantity': 'must be positive' });
  });

  it('is empty for anything that is not an API error with details', () => {
    expect(fieldErrors(new Error('offline'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
    expect(fieldErrors({ success: false, error: { code: 'WEAK_PASSWORD', message: 'too common' } })).toEqual({});
  });

  it('reads the error code', () => {
    expect(errorCode({ success: false, error: { code: 'WEAK_PASSWORD', message: 'too common' } })).toBe('WEAK_PASSWORD');
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});
