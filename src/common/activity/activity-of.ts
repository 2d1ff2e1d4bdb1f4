import { BusinessContext } from '../auth/business-context';
import { ActivityChanges, ActivityRecord } from './activity-record';
import { NO_ORIGIN } from './request-context';

/**
 * The entry of an operation of the calling business's actor on one resource (docs/api.md 20),
 * recorded with `tx.recordActivity(activityOf(biz, 'products.update', {type: 'product', id, label}, changes))`.
 */
export function activityOf(
  biz: BusinessContext,
  action: string,
  resource: { type: string; id: string | null; label: string | null },
  changes: ActivityChanges | null = null,
): ActivityRecord {
  return { businessId: biz.id, actor: biz.actor, action, resource, changes, origin: biz.origin ?? NO_ORIGIN };
}
