import { ACTION_SCOPES, grants } from './scopes';
import { useWho } from './who';

/** Whether the signed-in key or member may take an action of frame/scopes.ts's ACTION_SCOPES. */
export function useMay(action: keyof typeof ACTION_SCOPES): boolean {
  return grants(useWho().scopes, ACTION_SCOPES[action]);
}
