import { DataSource } from 'typeorm';
import { SYSTEM_ACTOR } from '../../../common/auth/actors';
import { BusinessContext } from '../../../common/auth/business-context';
import { Business } from '../../businesses/entities/business.entity';

/** The business a queued mail belongs to, as the service's own work acts for it (no key, no request). */
export async function systemBusinessContext(dataSource: DataSource, id: string): Promise<BusinessContext> {
  const b = await dataSource.getRepository(Business).findOneByOrFail({ id });
  return { id: b.id, name: b.name, currency: b.currency.trim(), timezone: b.timezone, keyId: '', keyName: '', scopes: [], actor: SYSTEM_ACTOR };
}
