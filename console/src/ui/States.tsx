import type { ReactNode } from 'react';
import { ErrorView } from './ErrorView';

/** Shown while a read is on its way. */
export function Loading({ what }: { what?: string }) {
  return (
    <p role="status" className="loading">
      Loading{what ? ` ${what}` : ''}…
    </p>
  );
}

/** Shown for a list with nothing in it. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * One read's three states: loading, error (message and request id) and its content; `isEmpty` picks
 * the empty state. `useQuery(...)` results fit as they are.
 */
export function QueryState<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  what?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || query.data === undefined) return <Loading what={what} />;
  if (isEmpty?.(query.data)) return <Empty>{empty ?? 'Nothing yet.'}</Empty>;
  return <>{children(query.data)}</>;
}
