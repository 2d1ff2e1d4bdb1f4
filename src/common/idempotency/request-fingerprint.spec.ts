import { boundPath, canonicalJson, readIdempotencyKey, requestFingerprint } from './request-fingerprint';

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('drops undefined properties like JSON does, and writes null for an absent body', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([undefined])).toBe('[null]');
  });
});

describe('requestFingerprint', () => {
  const body = { items: [{ product_id: 'p', quantity: 1 }], tax_amount: 1 };

  it('is the same for the same request whatever the key order', () => {
    const reordered = { tax_amount: 1, items: [{ quantity: 1, product_id: 'p' }] };
    expect(requestFingerprint('POST', '/api/v1/orders', body)).toBe(requestFingerprint('post', '/api/v1/orders', reordered));
    expect(requestFingerprint('POST', '/api/v1/orders', body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs when the method, the path or any value differs', () => {
    const base = requestFingerprint('POST', '/api/v1/orders', body);
    expect(requestFingerprint('PUT', '/api/v1/orders', body)).not.toBe(base);
    expect(requestFingerprint('POST', '/api/v1/invoices', body)).not.toBe(base);
    expect(requestFingerprint('POST', '/api/v1/orders', { ...body, tax_amount: 1.01 })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/v1/orders', { ...body, tax_amount: '1' })).not.toBe(base);
  });
});

describe('boundPath', () => {
  const id = 'F28F5B1C-0C1B-4C2E-9B7A-3D1E2F4A5B6C';

  it('lower-cases the UUID segments of the path and leaves the query out', () => {
    expect(boundPath(`/api/v1/orders/${id}/returns?x=1`)).toBe(`/api/v1/orders/${id.toLowerCase()}/returns`);
    expect(boundPath(`/api/v1/orders/${id.toLowerCase()}/returns`)).toBe(`/api/v1/orders/${id.toLowerCase()}/returns`);
  });

  it('leaves any other segment as it is', () => {
    expect(boundPath('/api/v1/Orders/S-0001/NOT-A-UUID')).toBe('/api/v1/Orders/S-0001/NOT-A-UUID');
  });
});

describe('readIdempotencyKey', () => {
  it('accepts 1 to 255 characters', () => {
    expect(readIdempotencyKey('k')).toBe('k');
    expect(readIdempotencyKey('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it('is undefined without the header and null for an empty, too long or repeated one', () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('')).toBeNull();
    expect(readIdempotencyKey('x'.repeat(256))).toBeNull();
    expect(readIdempotencyKey(['a', 'b'])).toBeNull();
  });
});
