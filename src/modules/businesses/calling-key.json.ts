import { ApiProperty } from '@nestjs/swagger';
import { BusinessContext } from '../../common/auth/business-context';
import { SCOPES } from '../../common/auth/scopes';

/**
 * GET /business's `key`: the calling key (docs/api.md 18), so a console shows only what it may do; for
 * a signed-in member (docs/api.md 19) the member's id, the user's name and the role's scopes.
 */
export class CallingKeyJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Counter 1' }) name: string;
  @ApiProperty({ enum: SCOPES, enumName: 'Scope', isArray: true, example: ['sales'] }) scopes: string[];
}

export function callingKeyJson(biz: BusinessContext): CallingKeyJson {
  return { id: biz.actor.type === 'staff' ? biz.actor.id! : biz.keyId, name: biz.keyName, scopes: biz.scopes };
}
