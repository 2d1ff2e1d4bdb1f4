import { useEffect, useRef, useState } from 'react';
import { LatestQuote } from './latest-quote';
import type { CreateOrder } from './sale-lines';
import { tillFigures, tillQuote, type Answer, type TillFigures } from './till-quote';

/** How long typing (a quantity, a price, the tender) pauses before the figures are asked. */
export const QUOTE_DELAY_MS = 150;

/**
 * The till's figures from POST /orders/quote for `body` (null: no lines): asked at once when `now`
 * (a scan, a removed line, another method), else once typing pauses; the latest body only
 * (LatestQuote), and never an older body's figures as current (tillFigures).
 */
export function useTillQuote(body: CreateOrder | null, now: boolean): TillFigures {
  const [good, setGood] = useState<Answer | null>(null);
  const [last, setLast] = useState<Answer | null>(null);
  const runner = useRef<LatestQuote<CreateOrder, Answer['quote'] & object> | null>(null);
  runner.current ??= new LatestQuote(
    tillQuote,
    (answer) => {
      setLast(answer);
      if (answer.quote) setGood(answer);
    },
    QUOTE_DELAY_MS,
  );
  const key = body ? JSON.stringify(body) : null;

  useEffect(() => {
    runner.current!.want(key, body, now);
    // the key is the body: a new object of the same sale asks nothing
  }, [key]);
  useEffect(() => () => runner.current!.stop(), []);

  return tillFigures(good, last, body);
}
