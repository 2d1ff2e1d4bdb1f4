import { ApiProperty } from '@nestjs/swagger';
import { SCOPES } from '../../common/auth/scopes';

/** The signed-in person (docs/api.md 19): never a password, secret or code. */
export class SessionUserJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'ann@example.com' }) email: string;
  @ApiProperty({ example: 'Ann Example' }) name: string;
  @ApiProperty({ description: 'two-factor authentication is on' }) two_factor: boolean;
}

/** One business the user is an active member of. */
export class MembershipJson {
  @ApiProperty({ format: 'uuid' }) business_id: string;
  @ApiProperty({ example: 'Corner Coffee' }) business_name: string;
  @ApiProperty({ example: 'cashier', description: "a built-in role's name, or the business's own role's name" }) role: string;
  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales', 'orders:read', 'customers'] }) scopes: string[];
}

/** POST /auth/sign-in, POST /auth/session/business, GET /auth/session. */
export class SessionJson {
  @ApiProperty({ type: SessionUserJson }) user: SessionUserJson;
  @ApiProperty({ type: [MembershipJson], description: "the user's active memberships" }) memberships: MembershipJson[];
  @ApiProperty({ format: 'uuid', description: 'the business the session acts in' }) business_id: string;
  @ApiProperty({ example: 'cashier', description: 'the role in that business' }) role: string;
  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales'], description: 'its scopes' }) scopes: string[];
  @ApiProperty({ description: 'send it as X-CSRF-Token with every request but GET and HEAD' }) csrf_token: string;
}

/** GET /auth/sessions: one of the user's own sessions. */
export class SessionListItemJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) last_seen_at: string;
  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' }) ip: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Mozilla/5.0' }) user_agent: string | null;
  @ApiProperty({ description: 'the session of this request' }) current: boolean;
}

/** POST /auth/two-factor/setup: shown once; the authenticator app reads the URI (a QR code). */
export class TwoFactorSetupJson {
  @ApiProperty({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', description: 'base32' }) secret: string;
  @ApiProperty({ example: 'otpauth://totp/Back%20office:ann%40example.com?secret=...&issuer=Back%20office' }) otpauth_uri: string;
}

/** POST /auth/two-factor/enable: ten single-use codes, shown once. */
export class RecoveryCodesJson {
  @ApiProperty({ type: [String], example: ['k7d2p-9xw4m'] }) recovery_codes: string[];
}
