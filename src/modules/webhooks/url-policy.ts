import { BlockList, isIP } from 'net';

/**
 * Where a webhook may point. Without the insecure flag only https to public hosts: a receiver URL
 * is chosen by an API client, and letting it reach loopback, private or link-local addresses
 * would turn the service into a probe of its own network (SSRF).
 */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 of any IPv4 address, private ones included
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local and other non-routable addresses (IPv4-mapped IPv6 included). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAMES = /(^|\.)localhost$/;

export const MAX_URL_LENGTH = 2048;

/** Why a webhook URL is refused, or null when it is acceptable. Host names are checked again on each delivery. */
export function refuseWebhookUrl(raw: string, allowInsecure: boolean): string | null {
  if (raw.length > MAX_URL_LENGTH) return `url must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must use https';
  if (allowInsecure) return null;
  if (url.protocol !== 'https:') return 'url must use https';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === '' || LOCAL_NAMES.test(host)) return 'url must not point to a local host';
  if (isNonPublicAddress(host)) return 'url must not point to a private, loopback or link-local address';
  return null;
}
