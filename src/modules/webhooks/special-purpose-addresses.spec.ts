import { isSpecialPurposeAddress, SPECIAL_PURPOSE_BLOCKS } from './special-purpose-addresses';

/** One address inside each row of the table and one just outside it (public, unless noted). */
const SAMPLES: Record<string, { inside: string; outside: string }> = {
  '0.0.0.0/8': { inside: '0.1.2.3', outside: '1.0.0.1' },
  '10.0.0.0/8': { inside: '10.255.255.255', outside: '11.0.0.1' },
  '100.64.0.0/10': { inside: '100.127.255.254', outside: '100.128.0.1' },
  '127.0.0.0/8': { inside: '127.0.0.1', outside: '128.0.0.1' },
  '169.254.0.0/16': { inside: '169.254.169.254', outside: '169.255.0.1' },
  '172.16.0.0/12': { inside: '172.31.255.255', outside: '172.32.0.1' },
  '192.0.0.0/24': { inside: '192.0.0.9', outside: '192.0.1.1' },
  '192.0.2.0/24': { inside: '192.0.2.10', outside: '192.0.3.1' },
  '192.31.196.0/24': { inside: '192.31.196.1', outside: '192.31.197.1' },
  '192.52.193.0/24': { inside: '192.52.193.1', outside: '192.52.194.1' },
  '192.88.99.0/24': { inside: '192.88.99.1', outside: '192.88.100.1' },
  '192.168.0.0/16': { inside: '192.168.1.10', outside: '192.169.0.1' },
  '192.175.48.0/24': { inside: '192.175.48.6', outside: '192.175.49.1' },
  '198.18.0.0/15': { inside: '198.19.255.255', outside: '198.20.0.1' },
  '198.51.100.0/24': { inside: '198.51.100.7', outside: '198.51.101.1' },
  '203.0.113.0/24': { inside: '203.0.113.99', outside: '203.0.114.1' },
  '224.0.0.0/4': { inside: '239.255.255.250', outside: '223.255.255.254' },
  '240.0.0.0/4': { inside: '255.255.255.255', outside: '223.1.1.1' },
  '::/128': { inside: '::', outside: '2606:4700:4700::1111' },
  '::1/128': { inside: '::1', outside: '::1:0:0:1' },
  '::/96': { inside: '::127.0.0.1', outside: '::8.8.8.8' },
  '::ffff:0:0/96': { inside: '::ffff:10.0.0.1', outside: '::ffff:8.8.8.8' },
  '64:ff9b::/96': { inside: '64:ff9b::192.168.0.1', outside: '64:ff9b::1.1.1.1' },
  '64:ff9b:1::/48': { inside: '64:ff9b:1::8.8.8.8', outside: '64:ff9b:2::1' },
  '100::/64': { inside: '100::1', outside: '100:0:0:1::1' },
  '2001::/23': { inside: '2001::1', outside: '2001:200::1' },
  '2001:db8::/32': { inside: '2001:db8::1', outside: '2001:db9::1' },
  '2002::/16': { inside: '2002:7f00:1::', outside: '2002:808:808::' },
  '2620:4f:8000::/48': { inside: '2620:4f:8000::1', outside: '2620:4f:8001::1' },
  '3fff::/20': { inside: '3fff:fff::1', outside: '3fff:1000::1' },
  '5f00::/16': { inside: '5f00::1', outside: '5f01::1' },
  'fc00::/7': { inside: 'fd12:3456::1', outside: 'fe00::1' },
  'fe80::/10': { inside: 'fe80::1', outside: 'fe7f::1' },
  'fec0::/10': { inside: 'fec0::1', outside: 'ff00::1' },
  'ff00::/8': { inside: 'ff02::1', outside: 'fe7f::1' },
};

describe('special-purpose address table', () => {
  it('has samples for every row and only for rows', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(SPECIAL_PURPOSE_BLOCKS.map((row) => `${row.block}/${row.prefix}`).sort());
  });

  it.each(SPECIAL_PURPOSE_BLOCKS.map((row) => [`${row.block}/${row.prefix}`, row.name, row.rfc] as const))('%s (%s, %s): inside refused', (block) => {
    expect(isSpecialPurposeAddress(SAMPLES[block].inside)).toBe(true);
  });

  // both neighbours of fec0::/10 are special too (fe80::/10 below, multicast above)
  const BETWEEN_SPECIAL_BLOCKS = new Set(['fec0::/10']);
  it.each(SPECIAL_PURPOSE_BLOCKS.map((row) => `${row.block}/${row.prefix}`))('%s: just outside is public', (block) => {
    expect(isSpecialPurposeAddress(SAMPLES[block].outside)).toBe(BETWEEN_SPECIAL_BLOCKS.has(block));
  });

  it('judges the IPv4 address inside the embedding forms', () => {
    expect(isSpecialPurposeAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isSpecialPurposeAddress('::ffff:7f00:1')).toBe(true);
    expect(isSpecialPurposeAddress('::127.0.0.1')).toBe(true);
    expect(isSpecialPurposeAddress('64:ff9b::a00:1')).toBe(true);
    expect(isSpecialPurposeAddress('64:ff9b::808:808')).toBe(false);
    expect(isSpecialPurposeAddress('2002:a00:1::1')).toBe(true); // 6to4 of 10.0.0.1
    expect(isSpecialPurposeAddress('2002:c000:204::')).toBe(true); // 6to4 of 192.0.2.4 (documentation)
  });

  it('is false for public addresses and for names', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::200e']) {
      expect({ address, special: isSpecialPurposeAddress(address) }).toEqual({ address, special: false });
    }
    expect(isSpecialPurposeAddress('example.com')).toBe(false);
  });
});
