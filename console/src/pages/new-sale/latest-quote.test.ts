import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestQuote, type QuoteAnswer } from './latest-quote';

interface Asked {
  body: string;
  signal: AbortSignal;
  answer: (total: string) => void;
  fail: (error: unknown) => void;
}

/** A runner whose requests wait until the test answers them, and the answers it let through. */
function runner(delayMs = 150) {
  const asked: Asked[] = [];
  const heard: QuoteAnswer<string, string>[] = [];
  const quotes = new LatestQuote<string, string>(
    (body, signal) =>
      new Promise<string>((resolve, reject) => {
        asked.push({ body, signal, answer: resolve, fail: reject });
      }),
    (answer) => heard.push(answer),
    delayMs,
  );
  return { quotes, asked, heard };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LatestQuote: the figures of the latest lines only', () => {
  it('asks once typing pauses for the delay, with the last body only', async () => {
    const { quotes, asked, heard } = runner(150);
    quotes.want('q=1', 'q=1');
    await vi.advanceTimersByTimeAsync(100);
    quotes.want('q=12', 'q=12');
    await vi.advanceTimersByTimeAsync(149);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.map((a) => a.body)).toEqual(['q=12']);
    asked[0].answer('30.00');
    await settle();
    expect(heard).toEqual([{ key: 'q=12', body: 'q=12', quote: '30.00' }]);
  });

  it('asks at once for a scan, without waiting for the delay', async () => {
    const { quotes, asked, heard } = runner(150);
    quotes.want('a', 'a', true);
    expect(asked.map((a) => a.body)).toEqual(['a']);
    asked[0].answer('12.50');
    await settle();
    expect(heard.map((h) => h.quote)).toEqual(['12.50']);
  });

  it('drops the answer of an older body that comes after a newer one was asked, and aborts its request', async () => {
    const { quotes, asked, heard } = runner();
    quotes.want('one line', 'one line', true);
    quotes.want('two lines', 'two lines', true);
    expect(asked[0].signal.aborted).toBe(true);
    expect(asked[1].signal.aborted).toBe(false);
    asked[1].answer('25.00');
    asked[0].answer('12.50'); // the server finished the old one anyway, and last
    await settle();
    expect(heard.map((h) => [h.key, h.quote])).toEqual([['two lines', '25.00']]);
  });

  it('drops an older answer that comes first too: only the latest body is ever heard of', async () => {
    const { quotes, asked, heard } = runner();
    quotes.want('a', 'a', true);
    quotes.want('ab', 'ab', true);
    asked[0].answer('1.00');
    await settle();
    expect(heard).toEqual([]);
    asked[1].answer('2.00');
    await settle();
    expect(heard.map((h) => h.key)).toEqual(['ab']);
  });

  it('cancels a pending wait when a scan comes, and asks for the scan at once', async () => {
    const { quotes, asked } = runner(150);
    quotes.want('typed', 'typed');
    quotes.want('scanned', 'scanned', true);
    await vi.advanceTimersByTimeAsync(500);
    expect(asked.map((a) => a.body)).toEqual(['scanned']);
  });

  it('reports an error of the latest body, and drops an older one', async () => {
    const { quotes, asked, heard } = runner();
    quotes.want('bad', 'bad', true);
    quotes.want('worse', 'worse', true);
    asked[0].fail(new Error('old'));
    asked[1].fail(new Error('VALIDATION_FAILED'));
    await settle();
    expect(heard.map((h) => [h.key, (h.error as Error).message])).toEqual([['worse', 'VALIDATION_FAILED']]);
  });

  it('asks nothing again for the same body, and nothing for no body (no lines)', async () => {
    const { quotes, asked, heard } = runner();
    quotes.want('a', 'a', true);
    quotes.want('a', 'a', true);
    expect(asked).toHaveLength(1);
    quotes.want(null, null, true);
    expect(asked[0].signal.aborted).toBe(true);
    asked[0].answer('1.00');
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toHaveLength(1);
    expect(heard).toEqual([]);
  });

  it('hears nothing after stop (the page is gone)', async () => {
    const { quotes, asked, heard } = runner();
    quotes.want('a', 'a');
    quotes.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual([]);
    quotes.want('b', 'b', true);
    quotes.stop();
    asked[0].answer('1.00');
    await settle();
    expect(heard).toEqual([]);
  });
});
