import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeyLookup } from '../../common/auth/api-key-lookup';
import { BusinessContext } from '../../common/auth/business-context';
import { runStatement } from '../../database/run-statement';
import { findActiveApiKey } from './persistence/api-keys.sql';

/** The API-key guard's lookup: one round trip per request, a statement prepared on each connection. */
@Injectable()
export class ApiKeyLookupStore extends ApiKeyLookup {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findActive(keyHash: string): Promise<BusinessContext | undefined> {
    const [business] = await runStatement(this.dataSource, findActiveApiKey, [keyHash]);
    return business;
  }
}
