import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Response } from 'express';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { writeCsv } from '../../common/csv/csv-response';
import { DomainError } from '../../common/errors/domain-error';
import { envelopeOf } from '../../common/http/envelope';
import { CursorPaged } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/repository-helpers';
import { Sale } from '../orders/entities/sale.entity';
import { Product } from '../products/entities/product.entity';
import { ActivityEntryJson } from './activity.mapper';
import { ActivityReader } from './activity.reader';
import { ActivityPageQuery, ListActivityQuery } from './dto/list-activity.query';

/** GET /activity and the histories of a product and an order (docs/api.md 20). */
@Injectable()
export class ActivityService {
  constructor(
    private readonly reader: ActivityReader,
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @InjectRepository(Sale) private readonly sales: Repository<Sale>,
  ) {}

  /** A page as JSON, or with `format=csv` every matching entry as a CSV attachment. */
  async answer(biz: BusinessContext, query: ListActivityQuery, res: Response): Promise<void> {
    const { limit, after, format, ...filters } = query;
    if (format === 'csv') {
      if (limit !== undefined) throw DomainError.validation('limit', 'limit is not taken with format=csv (every matching entry is written)');
      if (after !== undefined) throw DomainError.validation('after', 'after is not taken with format=csv (every matching entry is written)');
      return writeCsv(res, this.reader.export(biz, filters));
    }
    const page = await this.reader.list(biz, filters, { limit, after });
    res.status(200).json(envelopeOf(page));
  }

  async productHistory(biz: BusinessContext, id: string, page: ActivityPageQuery): Promise<CursorPaged<ActivityEntryJson>> {
    await findInBusiness(this.products, biz.id, id, 'Product');
    return this.reader.list(biz, { resource_type: 'product', resource_id: id }, page);
  }

  async orderHistory(biz: BusinessContext, id: string, page: ActivityPageQuery): Promise<CursorPaged<ActivityEntryJson>> {
    await findInBusiness(this.sales, biz.id, id, 'Order');
    return this.reader.list(biz, { resource_type: 'order', resource_id: id }, page);
  }
}
