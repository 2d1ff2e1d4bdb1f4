import { useBusiness } from './business';
import { ACTION_SCOPES, grants } from './scopes';

/** Whether the signed-in key may take an action of frame/scopes.ts's ACTION_SCOPES. */
export function useMay(action: keyof typeof ACTION_SCOPES): boolean {
  return grants(useBusiness().key.scopes, ACTION_SCOPES[action]);
}
