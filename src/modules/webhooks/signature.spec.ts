import { createHmac } from 'crypto';
import { buildDeliveryRequest, signatureHeader } from './signature';

const envelope = {
  id: '0b7c9a52-5f5e-4a4e-9a53-3c1b1d2e9f10',
  event: 'sale.completed',
  timestamp: '2026-11-21T10:04:05.123Z',
  data: { sale_id: 'abc', total: 12.5 },
};

describe('signatureHeader', () => {
  it('is a known HMAC-SHA256 of "<t>.<body>"', () => {
    // Reference value computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signatureHeader('whsec_test', 1700000000, '{"a":1}')).toBe('t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789');
  });

  it('changes with the secret, the time and the body', () => {
    const base = signatureHeader('s1', 100, 'x');
    expect(signatureHeader('s2', 100, 'x')).not.toBe(base);
    expect(signatureHeader('s1', 101, 'x').split(',v1=')[1]).not.toBe(base.split(',v1=')[1]);
    expect(signatureHeader('s1', 100, 'y')).not.toBe(base);
  });
});

describe('buildDeliveryRequest', () => {
  const now = new Date('2026-11-21T10:05:00.900Z');

  it('sends the envelope as the body with event and delivery headers, no signature without a secret', () => {
    const req = buildDeliveryRequest(envelope, null, now);
    expect(JSON.parse(req.body)).toEqual(envelope);
    expect(req.headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'backoffice-webhooks/1',
      'X-Service-Event': 'sale.completed',
      'X-Service-Delivery': envelope.id,
    });
  });

  it('adds the secret header and a signature of the exact body with a secret', () => {
    const req = buildDeliveryRequest(envelope, 'whsec_123', now);
    expect(req.headers['X-Service-Signature']).toBe('whsec_123');
    const t = 1795255500;
    const expected = createHmac('sha256', 'whsec_123').update(`${t}.${req.body}`).digest('hex');
    expect(req.headers['X-Service-Signature-256']).toBe(`t=${t},v1=${expected}`);
  });

  it('keeps the body key order id, event, timestamp, data', () => {
    expect(buildDeliveryRequest(envelope, null, now).body).toBe(
      '{"id":"0b7c9a52-5f5e-4a4e-9a53-3c1b1d2e9f10","event":"sale.completed","timestamp":"2026-11-21T10:04:05.123Z","data":{"sale_id":"abc","total":12.5}}',
    );
  });
});
