import { hash, verify } from '@node-rs/argon2';
import commonPasswords from 'fxa-common-password-list';

/** Algorithm.Argon2id: its const enum cannot be read under isolatedModules. */
const ARGON2ID_ALGORITHM = 2;

/**
 * docs/api.md 19: Argon2id at OWASP's parameters (19 MiB, 2 iterations, 1 lane). @node-rs/argon2
 * hashes on libuv's thread pool, so a hundred sign-ins at once do not hold the event loop.
 */
const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_CHARS = 10;
export const PASSWORD_MAX_CHARS = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** A hash no password matches, verified when there is no user (or no password): a wrong email costs what a wrong password costs. */
let decoyHash: Promise<string> | undefined;

/** Whether `password` matches `stored`; with no stored hash, a decoy is verified and the answer is false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoyHash ??= hashPassword(`decoy ${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * Why a new password is refused (400 WEAK_PASSWORD), or undefined: its length in characters (not
 * UTF-16 units), the email itself, or one of Mozilla's 50,000 most common passwords
 * (fxa-common-password-list, from the 10-million-password list).
 */
export function passwordProblem(password: string, email: string): string | undefined {
  const chars = [...password].length;
  if (chars < PASSWORD_MIN_CHARS) return `must be at least ${PASSWORD_MIN_CHARS} characters`;
  if (chars > PASSWORD_MAX_CHARS) return `must be at most ${PASSWORD_MAX_CHARS} characters`;
  if (password.toLowerCase() === email.toLowerCase()) return 'must not be the email address';
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) return 'is one of the most common passwords';
  return undefined;
}
