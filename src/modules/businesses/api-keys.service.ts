import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { ADMIN_SCOPE } from '../../common/auth/scopes';
import { DomainError } from '../../common/errors/domain-error';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness } from '../../database/repository-helpers';
import { UnitOfWork } from '../../database/unit-of-work';
import { ApiKeyJson, CreatedApiKeyJson, toApiKeyJson } from './api-keys.mapper';
import { createApiKey } from './business-provisioning';
import { CreateApiKeyDto } from './dto/create-api-key.dto';
import { ListApiKeysQuery } from './dto/list-api-keys.query';
import { ApiKey } from './entities/api-key.entity';

/**
 * Key management over the API (docs/api.md 18), for `admin` keys: list, create (the key shown once),
 * revoke. A revocation reaches every process's key cache through the api_keys trigger's notification
 * at commit (api-key-cache.ts), so the next request with the key is 401 everywhere.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
  ) {}

  async list(biz: BusinessContext, query: ListApiKeysQuery): Promise<Paged<ApiKeyJson>> {
    const page = await BusinessQuery.of(this.keys, 'k', biz.id).orderBy({ 'k.createdAt': 'DESC', 'k.id': 'DESC' }).page(pageRequest(query));
    return page.map(toApiKeyJson);
  }

  create(biz: BusinessContext, dto: CreateApiKeyDto): Promise<CreatedApiKeyJson> {
    return this.uow.run(async (tx) => {
      const created = await createApiKey(tx, biz.id, { name: dto.name, scopes: dto.scopes });
      const key = await tx.getRepository(ApiKey).findOneByOrFail({ id: created.key_id });
      const json = toApiKeyJson(key);
      // the key itself and its hash never go in the log: its name, prefix and scopes are in the API key list
      tx.recordActivity(activityOf(biz, 'api_keys.create', { type: 'api_key', id: key.id, label: key.name }));
      return { ...json, api_key: created.api_key };
    });
  }

  /**
   * Revokes the key (a revoked one stays revoked, its first time kept). The business's active admin
   * keys are locked first, in id order, so two revocations of its last two admin keys run one after
   * the other and the second sees the first: the last one is refused with 409 LAST_ADMIN_KEY.
   */
  revoke(biz: BusinessContext, id: string): Promise<void> {
    return this.uow.run(async (tx) => {
      const repo = tx.getRepository(ApiKey);
      const admins = await repo
        .createQueryBuilder('k')
        .select('k.id')
        .where('k.businessId = :businessId AND k.revokedAt IS NULL AND :admin = ANY(k.scopes)', { businessId: biz.id, admin: ADMIN_SCOPE })
        .orderBy('k.id')
        .setLock('pessimistic_write')
        .getMany();
      const key = await findInBusiness(repo, biz.id, id, 'API key');
      if (key.revokedAt !== null) return;
      if (admins.length === 1 && admins[0].id === key.id) {
        throw new DomainError('LAST_ADMIN_KEY', undefined, [{ key_id: key.id, active_admin_keys: 1 }]);
      }
      await repo.update({ id: key.id, businessId: biz.id }, { revokedAt: () => 'now()' });
      tx.recordActivity(activityOf(biz, 'api_keys.revoke', { type: 'api_key', id: key.id, label: key.name }));
    });
  }
}
