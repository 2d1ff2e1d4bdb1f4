import { ApiProperty } from '@nestjs/swagger';
import { SCOPES } from '../../common/auth/scopes';
import { ApiKey } from './entities/api-key.entity';

/** The characters of a key a list shows (docs/api.md 18): enough to tell keys apart, never enough to use one. */
export const SHOWN_PREFIX_LENGTH = 8;

/** A key as lists show it: never the key nor its hash. */
export class ApiKeyJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Counter 1' }) name: string;
  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales'] }) scopes: string[];
  @ApiProperty({ example: 'bo_Xy3k9', description: 'the first 8 characters of the key' }) prefix: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'kept to the minute: at most one write per key and minute' })
  last_used_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revoked_at: string | null;
}

/** POST /api-keys's answer: the key itself, shown this once. */
export class CreatedApiKeyJson extends ApiKeyJson {
  @ApiProperty({ example: 'bo_Xy3k9…', description: 'the key: shown once, only its SHA-256 is stored' }) api_key: string;
}

export function toApiKeyJson(key: ApiKey): ApiKeyJson {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    prefix: key.keyPrefix.slice(0, SHOWN_PREFIX_LENGTH),
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}
