import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { presentFields } from '../../database/repository-helpers';
import { UnitOfWork } from '../../database/unit-of-work';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { BusinessProfileJson, toBusinessProfileJson } from './business-profile.mapper';
import { UpdateBusinessDto } from './dto/update-business.dto';
import { Business } from './entities/business.entity';
import { lockTaxRate } from '../taxes/tax-rate-references';

/** The calling business's name and letterhead: read and partially updated (GET and PUT /business). */
@Injectable()
export class BusinessProfileService {
  constructor(
    @InjectRepository(Business) private readonly businesses: Repository<Business>,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(biz: BusinessContext): Promise<BusinessProfileJson> {
    return this.json(await this.find(this.businesses, biz.id));
  }

  /** Only the fields sent change; null clears one. A change of the name reaches the API-key cache by the businesses trigger's NOTIFY. */
  async update(biz: BusinessContext, dto: UpdateBusinessDto): Promise<BusinessProfileJson> {
    const sent = { ...dto, ...(typeof dto.email === 'string' ? { email: dto.email.trim() } : {}) };
    const changes = presentFields(sent, this.businesses.metadata);
    return this.uow.run(async (tx) => {
      const repo = tx.getRepository(Business);
      if (dto.shipping_tax_rate_id) await lockTaxRate(tx, biz.id, dto.shipping_tax_rate_id, 'shipping_tax_rate_id');
      const before = this.json(await this.find(repo, biz.id));
      if (Object.keys(changes).length > 0) await repo.update({ id: biz.id }, changes);
      const after = this.json(await this.find(repo, biz.id));
      tx.recordActivity(activityOf(biz, 'business.update', { type: 'business', id: biz.id, label: after.name }, changesBetween(before, after)));
      return after;
    });
  }

  private json(business: Business): BusinessProfileJson {
    return toBusinessProfileJson(business, !!this.config.smtpUrl);
  }

  private async find(repo: Repository<Business>, id: string): Promise<Business> {
    const business = await repo.findOneBy({ id });
    if (!business) throw DomainError.notFound('Business');
    return business;
  }
}
