import { Actor } from '../auth/business-context';
import { RequestOrigin } from './request-context';

/** What changed in an update: `{field: [before, after]}`, never a secret (docs/api.md 20). */
export type ActivityChanges = Record<string, [unknown, unknown]>;

/**
 * One entry of the activity log (docs/api.md 20), recorded on the Tx of the change it describes
 * (`tx.recordActivity`) and written in the same transaction; the request's id, address and user
 * agent are added by the writer from the request's context.
 */
export interface ActivityRecord {
  businessId: string;
  actor: Actor;
  /** the operation: `products.update`, `orders.create`, `auth.sign_in`, ... */
  action: string;
  resource: { type: string; id: string | null; label: string | null };
  changes: ActivityChanges | null;
  /** the request's id, address and user agent (NO_ORIGIN for work no request asked for) */
  origin: RequestOrigin;
}
