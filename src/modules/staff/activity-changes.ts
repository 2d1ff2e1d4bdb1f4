import { ActivityChanges } from '../../common/activity/activity-record';

/** `{field: [before, after]}` for every field whose value differs (arrays compared by their elements), or null when none does. */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): ActivityChanges | null {
  const changes: ActivityChanges = {};
  for (const field of Object.keys(after)) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = [before[field], after[field]];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
