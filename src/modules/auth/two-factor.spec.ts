import { createHmac } from 'crypto';
import { base32Decode, base32Encode, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, totpStep } from './two-factor';

/** RFC 6238's own computation, apart from otplib: the code of `secret` (base32) at `epochSeconds`. */
function rfc6238(secret: string, epochSeconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(epochSeconds / 30)));
  const mac = createHmac('sha1', Buffer.from(base32Decode(secret)))
    .update(counter)
    .digest();
  const offset = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('two-factor codes (RFC 6238)', () => {
  it('base32 is RFC 4648 (its test vectors, unpadded)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(Buffer.from(base32Decode('MZXW6YTBOI')).toString()).toBe('foobar');
    expect(Buffer.from(base32Decode('MZXW6===')).toString()).toBe('foo');
  });

  it("accepts the current step's code and one step of drift each way, not two", async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = Date.now() / 1000;
    const step = Math.floor(now / 30);
    expect(await totpStep(secret, rfc6238(secret, now), null)).toBe(step);
    expect(await totpStep(secret, rfc6238(secret, now - 30), null)).toBe(step - 1);
    expect(await totpStep(secret, rfc6238(secret, now + 30), null)).toBe(step + 1);
    // two steps away: refused (unless it happens to equal a code within the window)
    const far = rfc6238(secret, now - 90);
    if (![-30, 0, 30].some((d) => rfc6238(secret, now + d) === far)) expect(await totpStep(secret, far, null)).toBeUndefined();
  });

  it('refuses a code of the last used step or before (no replay)', async () => {
    const secret = newTotpSecret();
    const now = Date.now() / 1000;
    const step = Math.floor(now / 30);
    expect(await totpStep(secret, rfc6238(secret, now), step)).toBeUndefined();
    expect(await totpStep(secret, rfc6238(secret, now + 30), step)).toBe(step + 1);
  });

  it('the otpauth URI names the issuer, the account and the secret', () => {
    expect(otpauthUri('ann@example.com', 'ABCDEFGHIJKLMNOP')).toBe(
      'otpauth://totp/Back%20office:ann%40example.com?secret=ABCDEFGHIJKLMNOP&issuer=Back%20office',
    );
  });

  it('makes ten distinct recovery codes, hashed case- and dash-insensitively', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(codes[0].toUpperCase().replace('-', ''))).toBe(hashRecoveryCode(codes[0]));
  });
});
