import { sealingOf } from './sealed-fields';

describe('sealed fields of a stored idempotent outcome', () => {
  const scope = { businessId: '6f1f3c3e-0000-4000-8000-000000000001', key: 'create-key-1' };
  const body = { id: 'k1', name: 'Till', api_key: 'bo_secretsecretsecret' };

  it('stores the secret field encrypted and gives it back to the same caller', () => {
    const sealing = sealingOf(['api_key'], 'bo_caller', scope);
    const stored = JSON.parse(JSON.stringify(sealing.seal(body))) as unknown;
    expect(JSON.stringify(stored)).not.toContain('bo_secretsecretsecret');
    expect(stored).toMatchObject({ id: 'k1', name: 'Till' });
    expect((stored as { api_key: { sealed: string } }).api_key.sealed).toMatch(/^v1\./);
    expect(sealingOf(['api_key'], 'bo_caller', scope).unseal(stored)).toEqual(body);
  });

  it('cannot be opened by another key, another business or another Idempotency-Key', () => {
    const stored = JSON.parse(JSON.stringify(sealingOf(['api_key'], 'bo_caller', scope).seal(body))) as unknown;
    expect(sealingOf(['api_key'], 'bo_other', scope).unseal(stored)).toBeUndefined();
    expect(sealingOf(['api_key'], 'bo_caller', { ...scope, key: 'create-key-2' }).unseal(stored)).toBeUndefined();
    expect(sealingOf(['api_key'], 'bo_caller', { ...scope, businessId: '6f1f3c3e-0000-4000-8000-000000000002' }).unseal(stored)).toBeUndefined();
  });

  it('leaves bodies without the field (a stored 4xx) as they are', () => {
    const error = { success: false, error: { code: 'VALIDATION_FAILED' } };
    const sealing = sealingOf(['api_key'], 'bo_caller', scope);
    expect(sealing.seal(error)).toEqual(error);
    expect(sealing.unseal(error)).toEqual(error);
  });
});
