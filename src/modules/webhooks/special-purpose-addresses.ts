import { BlockList, isIP } from 'net';

/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and the RFCs each row names),
 * plus multicast and the deprecated IPv6 forms: no webhook receiver lives in these blocks. Rows of
 * kind `embedded` carry an IPv4 address inside an IPv6 one; such an address is judged by the IPv4
 * address it embeds.
 */
export interface SpecialPurposeBlock {
  block: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
  name: string;
  rfc: string;
  kind: 'deny' | 'embedded';
}

export const SPECIAL_PURPOSE_BLOCKS: readonly SpecialPurposeBlock[] = [
  { block: '0.0.0.0', prefix: 8, family: 'ipv4', name: '"This network"', rfc: 'RFC 791', kind: 'deny' },
  { block: '10.0.0.0', prefix: 8, family: 'ipv4', name: 'Private-Use', rfc: 'RFC 1918', kind: 'deny' },
  { block: '100.64.0.0', prefix: 10, family: 'ipv4', name: 'Shared Address Space', rfc: 'RFC 6598', kind: 'deny' },
  { block: '127.0.0.0', prefix: 8, family: 'ipv4', name: 'Loopback', rfc: 'RFC 1122', kind: 'deny' },
  { block: '169.254.0.0', prefix: 16, family: 'ipv4', name: 'Link Local', rfc: 'RFC 3927', kind: 'deny' },
  { block: '172.16.0.0', prefix: 12, family: 'ipv4', name: 'Private-Use', rfc: 'RFC 1918', kind: 'deny' },
  { block: '192.0.0.0', prefix: 24, family: 'ipv4', name: 'IETF Protocol Assignments', rfc: 'RFC 6890', kind: 'deny' },
  { block: '192.0.2.0', prefix: 24, family: 'ipv4', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737', kind: 'deny' },
  { block: '192.31.196.0', prefix: 24, family: 'ipv4', name: 'AS112-v4', rfc: 'RFC 7535', kind: 'deny' },
  { block: '192.52.193.0', prefix: 24, family: 'ipv4', name: 'AMT', rfc: 'RFC 7450', kind: 'deny' },
  { block: '192.88.99.0', prefix: 24, family: 'ipv4', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526', kind: 'deny' },
  { block: '192.168.0.0', prefix: 16, family: 'ipv4', name: 'Private-Use', rfc: 'RFC 1918', kind: 'deny' },
  { block: '192.175.48.0', prefix: 24, family: 'ipv4', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', kind: 'deny' },
  { block: '198.18.0.0', prefix: 15, family: 'ipv4', name: 'Benchmarking', rfc: 'RFC 2544', kind: 'deny' },
  { block: '198.51.100.0', prefix: 24, family: 'ipv4', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737', kind: 'deny' },
  { block: '203.0.113.0', prefix: 24, family: 'ipv4', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737', kind: 'deny' },
  { block: '224.0.0.0', prefix: 4, family: 'ipv4', name: 'Multicast', rfc: 'RFC 5771', kind: 'deny' },
  { block: '240.0.0.0', prefix: 4, family: 'ipv4', name: 'Reserved (and Limited Broadcast)', rfc: 'RFC 1112, RFC 919', kind: 'deny' },
  { block: '::', prefix: 128, family: 'ipv6', name: 'Unspecified Address', rfc: 'RFC 4291', kind: 'deny' },
  { block: '::1', prefix: 128, family: 'ipv6', name: 'Loopback Address', rfc: 'RFC 4291', kind: 'deny' },
  { block: '::', prefix: 96, family: 'ipv6', name: 'IPv4-Compatible (deprecated)', rfc: 'RFC 4291', kind: 'embedded' },
  { block: '::ffff:0:0', prefix: 96, family: 'ipv6', name: 'IPv4-mapped Address', rfc: 'RFC 4291', kind: 'embedded' },
  { block: '64:ff9b::', prefix: 96, family: 'ipv6', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 6052', kind: 'embedded' },
  { block: '64:ff9b:1::', prefix: 48, family: 'ipv6', name: 'IPv4-IPv6 Translat. (local use)', rfc: 'RFC 8215', kind: 'deny' },
  { block: '100::', prefix: 64, family: 'ipv6', name: 'Discard-Only Address Block', rfc: 'RFC 6666', kind: 'deny' },
  { block: '2001::', prefix: 23, family: 'ipv6', name: 'IETF Protocol Assignments (Teredo included)', rfc: 'RFC 2928', kind: 'deny' },
  { block: '2001:db8::', prefix: 32, family: 'ipv6', name: 'Documentation', rfc: 'RFC 3849', kind: 'deny' },
  { block: '2002::', prefix: 16, family: 'ipv6', name: '6to4', rfc: 'RFC 3056', kind: 'embedded' },
  { block: '2620:4f:8000::', prefix: 48, family: 'ipv6', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', kind: 'deny' },
  { block: '3fff::', prefix: 20, family: 'ipv6', name: 'Documentation', rfc: 'RFC 9637', kind: 'deny' },
  { block: '5f00::', prefix: 16, family: 'ipv6', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602', kind: 'deny' },
  { block: 'fc00::', prefix: 7, family: 'ipv6', name: 'Unique-Local', rfc: 'RFC 4193', kind: 'deny' },
  { block: 'fe80::', prefix: 10, family: 'ipv6', name: 'Link-Local Unicast', rfc: 'RFC 4291', kind: 'deny' },
  { block: 'fec0::', prefix: 10, family: 'ipv6', name: 'Site-Local (deprecated)', rfc: 'RFC 3879', kind: 'deny' },
  { block: 'ff00::', prefix: 8, family: 'ipv6', name: 'Multicast', rfc: 'RFC 4291', kind: 'deny' },
];

const DENIED = new BlockList();
for (const row of SPECIAL_PURPOSE_BLOCKS) if (row.kind === 'deny') DENIED.addSubnet(row.block, row.prefix, row.family);

/**
 * True for an address in a special-purpose block, or an IPv6 address embedding an IPv4 address that
 * is (IPv4-mapped, IPv4-compatible, NAT64, 6to4). False for names: they are judged once resolved.
 */
export function isSpecialPurposeAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return DENIED.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  const embedded = embeddedIpv4(groups);
  if (embedded !== null) return isSpecialPurposeAddress(embedded);
  return DENIED.check(address, 'ipv6');
}

/** The IPv4 address an IPv6 address carries, in the forms the table marks `embedded`. */
function embeddedIpv4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (zeros(0, 5) && g[5] === 0xffff) return dotted(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return dotted(g[6], g[7]); // ::a.b.c.d, not :: or ::1
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dotted(g[6], g[7]); // 64:ff9b::a.b.c.d
  if (g[0] === 0x2002) return dotted(g[1], g[2]); // 2002:aabb:ccdd::
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a trailing dotted quad expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0];
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
