import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { DomainError } from '../errors/domain-error';
import { hashApiKey, parseBearer } from './api-key';
import { AuthenticatedRequest, BusinessContext } from './business-context';
import { IS_PUBLIC } from './public.decorator';

/**
 * Bearer API-key authentication. The key is hashed before the lookup, and unknown and revoked keys
 * take the same path (one indexed query, same answer), so timing does not tell them apart.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest & { headers: Record<string, string> }>();
    const key = parseBearer(req.headers.authorization);
    if (!key) throw new DomainError('UNAUTHORIZED', 'Missing or malformed Authorization header (expected: Bearer <API key>)');
    const business = await this.findActiveKey(hashApiKey(key));
    if (!business) throw new DomainError('UNAUTHORIZED', 'Invalid or revoked API key');
    req.business = business;
    return true;
  }

  private async findActiveKey(hash: string): Promise<BusinessContext | undefined> {
    const rows: BusinessContext[] = await this.dataSource.query(
      `SELECT b.id, b.name, b.currency, b.timezone, k.id AS "keyId"
         FROM api_keys k JOIN businesses b ON b.id = k.business_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [hash],
    );
    return rows[0];
  }
}
