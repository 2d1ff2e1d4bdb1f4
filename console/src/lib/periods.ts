/** The periods the dashboard and the reports offer (docs/api.md 8's `days`: 1 is today so far, in the business zone). */
export const PERIODS = [
  { value: '1', label: 'Today' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
] as const;

/** "today", "the last 7 days" */
export function periodWords(days: string | number): string {
  return String(days) === '1' ? 'today' : `the last ${days} days`;
}
