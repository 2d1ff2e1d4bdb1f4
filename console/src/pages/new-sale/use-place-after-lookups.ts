import { useEffect, useRef, useState } from 'react';

export interface PlaceAfterLookups {
  /** Place order was asked for and waits for the lookups. */
  waiting: boolean;
  /** Place order: now when no scan is being looked up, else once every lookup has answered. */
  request: () => void;
  /** A scan added no line (`why` says so): an order waiting for it is refused. */
  missed: (why: string) => void;
}

/**
 * Place order while scans are still being looked up (a scanner types a code and Enter, and the
 * cashier presses Ctrl+Enter at once): the order waits for every lookup, then goes with all their
 * lines, or is refused with the reason of each scan that added none (not found, lookup failed).
 * `place` runs from the render that shows the last lookup's result, so it reads the whole sale.
 */
export function usePlaceAfterLookups(pending: number, place: () => void, refuse: (reasons: string[]) => void): PlaceAfterLookups {
  const [waiting, setWaiting] = useState(false);
  const misses = useRef<string[] | null>(null); // null: no order waits

  useEffect(() => {
    if (!waiting || pending > 0) return;
    const reasons = misses.current ?? [];
    misses.current = null;
    setWaiting(false);
    if (reasons.length > 0) refuse(reasons);
    else place();
    // place and refuse are this render's: the sale as it now is
  }, [waiting, pending]);

  return {
    waiting,
    request() {
      if (pending === 0 && misses.current === null) return place();
      misses.current ??= [];
      setWaiting(true);
    },
    missed(why) {
      misses.current?.push(why);
    },
  };
}
