import { createHmac, randomBytes } from 'crypto';
import request from 'supertest';
import { BusinessMember, MemberStatus } from '../../src/modules/staff/entities/business-member.entity';
import { Role } from '../../src/modules/staff/entities/role.entity';
import { User } from '../../src/modules/staff/entities/user.entity';
import { hashPassword } from '../../src/modules/staff/passwords';
import { TestApp } from './test-app';

/** A password no list of common passwords holds. */
export const PASSWORD = 'violet-harbour-lantern-42';

export interface TestStaff {
  userId: string;
  memberId: string;
  email: string;
  name: string;
  password: string;
}

let hashed: Promise<string> | undefined;

/**
 * A user and an active membership written straight into the database (the staff API is another
 * module's): `role` a built-in role's name, or `{ scopes }` for an own role of the business.
 */
export async function createStaff(
  t: TestApp,
  businessId: string,
  options: { role?: string | { scopes: string[] }; status?: MemberStatus; email?: string; userId?: string } = {},
): Promise<TestStaff> {
  const email = options.email ?? `staff-${randomBytes(4).toString('hex')}@example.com`;
  const name = `Staff ${email.split('@')[0]}`;
  hashed ??= hashPassword(PASSWORD);
  const userId = options.userId ?? (await t.db.getRepository(User).save(t.db.getRepository(User).create({ email, name, passwordHash: await hashed }))).id;
  const role = options.role ?? 'owner';
  let roleId: string | null = null;
  if (typeof role !== 'string') {
    roleId = (await t.db.getRepository(Role).save({ businessId, name: `role-${randomBytes(3).toString('hex')}`, scopes: role.scopes })).id;
  }
  const member = await t.db.getRepository(BusinessMember).save({
    businessId,
    userId,
    builtInRole: typeof role === 'string' ? role : null,
    roleId,
    status: options.status ?? 'active',
  });
  const user = await t.db.getRepository(User).findOneByOrFail({ id: userId });
  return { userId, memberId: member.id, email: user.email, name: user.name, password: PASSWORD };
}

export interface SignedIn {
  res: request.Response;
  /** `bo_session=<token>`, for a Cookie header */
  cookie: string;
  token: string;
  csrf: string;
  /** headers of a cookie-authenticated write */
  writes: { Cookie: string; 'X-CSRF-Token': string };
}

/** POST /auth/sign-in; throws unless 200. */
export async function signIn(t: TestApp, email: string, password = PASSWORD, code?: string): Promise<SignedIn> {
  const res = await t
    .http()
    .post('/api/v1/auth/sign-in')
    .send({ email, password, ...(code === undefined ? {} : { code }) });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${res.text}`);
  const set = sessionSetCookie(res);
  const token = /^bo_session=([^;]*)/.exec(set ?? '')?.[1] ?? '';
  const cookie = `bo_session=${token}`;
  return { res, cookie, token, csrf: res.body.data.csrf_token, writes: { Cookie: cookie, 'X-CSRF-Token': res.body.data.csrf_token } };
}

/** The Set-Cookie header line of bo_session, if any. */
export function sessionSetCookie(res: request.Response): string | undefined {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith('bo_session='));
}

/** RFC 6238 computed here, apart from the app's otplib: the 6-digit code of a base32 `secret` at `epochSeconds`. */
export function totpCode(secret: string, epochSeconds = Date.now() / 1000): string {
  const key = base32Bytes(secret);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(epochSeconds / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}
