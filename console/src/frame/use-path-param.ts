import { useParams } from '@tanstack/react-router';

/** One path parameter of the current page (`$invoiceId` in `/invoices/$invoiceId`), '' when absent. */
export function usePathParam(name: string): string {
  const params: Record<string, unknown> = useParams({ strict: false });
  const value = params[name];
  return typeof value === 'string' ? value : '';
}
