import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'crypto';
import { CryptoPlugin, verify } from '@otplib/totp';
import { generateTOTP } from '@otplib/uri';

/**
 * otplib v13's TOTP (@otplib/totp, @otplib/uri) with Node's own crypto. Not the `otplib` entry point:
 * its default plugins load @scure/base, an ES module that Jest's CommonJS runtime cannot load; the
 * secret is handed over as bytes, so no base32 plugin is needed either (base32 below, RFC 4648).
 */
const NODE_CRYPTO: CryptoPlugin = {
  name: 'node',
  hmac: (algorithm, key, data) => new Uint8Array(createHmac(algorithm, key).update(data).digest()),
  randomBytes: (length) => new Uint8Array(randomBytes(length)),
  constantTimeEqual: (a, b) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  },
};
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 160 bits, RFC 4226's recommended length for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/** docs/api.md 19: RFC 6238, 30 s steps, 6 digits, SHA-1 (what every authenticator app reads). */
export const TOTP_ISSUER = 'Back office';
/** One step of drift each way, in seconds (otplib's epochTolerance). */
const DRIFT_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new secret, base32 (what authenticator apps read). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

export function otpauthUri(email: string, secret: string): string {
  return generateTOTP({ issuer: TOTP_ISSUER, label: email, secret });
}

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A 6-digit code: a TOTP code; anything else may be a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/**
 * The time step of a valid code within one step of drift and after `lastStep` (a code of that step or
 * before was used already: no replay); undefined when not valid. The caller then records the step
 * atomically (auth.takeTotpStep), so two requests with one code cannot both pass.
 */
export async function totpStep(secret: string, code: string, lastStep: number | null): Promise<number | undefined> {
  const result = await verify({
    secret: base32Decode(secret),
    crypto: NODE_CRYPTO,
    token: code.trim(),
    epochTolerance: DRIFT_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  }).catch(() => ({ valid: false as const }));
  return result.valid ? result.timeStep : undefined;
}

/** Ten codes of 10 letters and digits (about 49 bits each), written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: SHA-256 of its letters, case and dashes aside (49 random bits need no slow hash behind the throttle). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase().replace(/[-\s]/g, '')).digest('hex');
}
