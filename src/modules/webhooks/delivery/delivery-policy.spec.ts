import { describeTransportError, nextStep, outcomeOfResponse, retryDelayMs } from './delivery-policy';

describe('retryDelayMs', () => {
  it('doubles from one second', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('is capped at one hour, also for absurd attempt counts', () => {
    expect(retryDelayMs(13)).toBe(3_600_000);
    expect(retryDelayMs(1000)).toBe(3_600_000);
  });
});

describe('nextStep', () => {
  const ok = { ok: true, responseCode: 200, durationMs: 5, error: null };
  const bad = { ok: false, responseCode: 500, durationMs: 5, error: 'receiver answered 500' };

  it('succeeds on a good answer whatever the attempt', () => {
    expect(nextStep(ok, 1, 1)).toEqual({ status: 'succeeded', retryInMs: null });
    expect(nextStep(ok, 3, 3)).toEqual({ status: 'succeeded', retryInMs: null });
  });

  it('fails at once with one attempt (the default: no retry)', () => {
    expect(nextStep(bad, 1, 1)).toEqual({ status: 'failed', retryInMs: null });
  });

  it('retries with backoff while attempts remain', () => {
    expect(nextStep(bad, 1, 3)).toEqual({ status: 'pending', retryInMs: 1000 });
    expect(nextStep(bad, 2, 3)).toEqual({ status: 'pending', retryInMs: 2000 });
    expect(nextStep(bad, 3, 3)).toEqual({ status: 'failed', retryInMs: null });
  });
});

describe('outcomeOfResponse', () => {
  it('treats every 2xx as success', () => {
    expect(outcomeOfResponse(200, 12)).toEqual({ ok: true, responseCode: 200, durationMs: 12, error: null });
    expect(outcomeOfResponse(204, 3).ok).toBe(true);
    expect(outcomeOfResponse(299, 3).ok).toBe(true);
  });

  it('records other answers as failures with the code', () => {
    expect(outcomeOfResponse(500, 7)).toEqual({ ok: false, responseCode: 500, durationMs: 7, error: 'receiver answered 500' });
    expect(outcomeOfResponse(404, 7).error).toBe('receiver answered 404');
    expect(outcomeOfResponse(301, 7)).toEqual({
      ok: false,
      responseCode: 301,
      durationMs: 7,
      error: 'receiver answered 301 (redirects are not followed)',
    });
  });
});

describe('describeTransportError', () => {
  it('names the usual causes', () => {
    expect(describeTransportError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 500)).toBe('connection refused');
    expect(describeTransportError({ code: 'ECONNABORTED' }, 500)).toBe('timed out after 500 ms');
    expect(describeTransportError({ code: 'ERR_CANCELED' }, 250)).toBe('timed out after 250 ms');
    expect(describeTransportError({ code: 'ECONNRESET' }, 500)).toBe('connection reset by the receiver');
    expect(describeTransportError({ code: 'ENOTFOUND' }, 500)).toBe('destination not allowed');
    expect(describeTransportError({ code: 'EAI_AGAIN' }, 500)).toBe('destination not allowed');
    expect(describeTransportError({ code: 'CERT_HAS_EXPIRED' }, 500)).toBe('TLS certificate rejected (CERT_HAS_EXPIRED)');
  });

  it('reads the code of a wrapped cause', () => {
    expect(describeTransportError({ message: 'x', cause: { code: 'ECONNREFUSED' } }, 500)).toBe('connection refused');
  });

  it('gives one generic reason for a refused address, never the name or the address', () => {
    expect(describeTransportError({ code: 'ENONPUBLIC', message: 'vm resolves to 127.0.0.1, a non-public address' }, 500)).toBe('destination not allowed');
  });

  it('falls back to the message, then to a generic text', () => {
    expect(describeTransportError({ code: 'EWHATEVER', message: 'socket hang up' }, 500)).toBe('socket hang up');
    expect(describeTransportError(undefined, 500)).toBe('delivery failed');
  });
});
