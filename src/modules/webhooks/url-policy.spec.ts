import { isNonPublicAddress, refuseWebhookUrl } from './url-policy';

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
  ])('%s is not public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );

  it('is false for names, which are checked when they are resolved', () => {
    expect(isNonPublicAddress('example.com')).toBe(false);
  });
});

describe('refuseWebhookUrl', () => {
  it('accepts a public https url', () => {
    expect(refuseWebhookUrl('https://hooks.example.com/in?x=1', false)).toBeNull();
    expect(refuseWebhookUrl('https://93.184.216.34:8443/in', false)).toBeNull();
    expect(refuseWebhookUrl('https://[2606:4700:4700::1111]/in', false)).toBeNull();
  });

  it('refuses http without the insecure flag and accepts it with', () => {
    expect(refuseWebhookUrl('http://hooks.example.com/in', false)).toBe('url must use https');
    expect(refuseWebhookUrl('http://hooks.example.com/in', true)).toBeNull();
  });

  it('refuses other schemes and relative or malformed urls even with the flag', () => {
    expect(refuseWebhookUrl('ftp://example.com/x', true)).toBe('url must use https');
    expect(refuseWebhookUrl('file:///etc/passwd', true)).toBe('url must use https');
    expect(refuseWebhookUrl('/relative', true)).toBe('url must be an absolute URL');
    expect(refuseWebhookUrl('not a url', true)).toBe('url must be an absolute URL');
  });

  it.each(['https://localhost/x', 'https://LOCALHOST./x', 'https://api.localhost/x'])('refuses the local name %s', (url) => {
    expect(refuseWebhookUrl(url, false)).toBe('url must not point to a local host');
  });

  it.each([
    'https://127.0.0.1/x',
    'https://0x7f.1/x', // WHATWG URL normalises it to 127.0.0.1
    'https://2130706433/x',
    'https://10.0.0.8:9000/x',
    'https://192.168.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[fe80::1]/x',
    'https://[::ffff:127.0.0.1]/x',
  ])('refuses the private address %s', (url) => {
    expect(refuseWebhookUrl(url, false)).toBe('url must not point to a private, loopback or link-local address');
  });

  it('permits private and loopback hosts with the insecure flag', () => {
    expect(refuseWebhookUrl('http://127.0.0.1:4000/hook', true)).toBeNull();
    expect(refuseWebhookUrl('http://localhost:4000/hook', true)).toBeNull();
  });

  it('refuses urls over 2048 characters', () => {
    expect(refuseWebhookUrl(`https://example.com/${'a'.repeat(2040)}`, false)).toBe('url must be at most 2048 characters');
  });
});
