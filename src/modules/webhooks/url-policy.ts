import { isSpecialPurposeAddress } from './special-purpose-addresses';
import { characterCount } from '../../common/validation/text-length';

/**
 * Where a webhook may point. Without the insecure flag only https to public hosts: a receiver URL
 * is chosen by an API client, and letting it reach loopback, private or link-local addresses
 * would turn the service into a probe of its own network (SSRF).
 */
/**
 * True for an address of a special-purpose block (loopback, private, link-local, documentation,
 * NAT64 and 6to4 forms judged by the IPv4 address they carry, ...): see special-purpose-addresses.ts.
 */
export function isNonPublicAddress(address: string): boolean {
  return isSpecialPurposeAddress(address);
}

const LOCAL_NAMES = /(^|\.)localhost$/;

export const MAX_URL_LENGTH = 2048;

/** Why a webhook URL is refused, or null when it is acceptable. Host names are checked again on each delivery. */
export function refuseWebhookUrl(raw: string, allowInsecure: boolean): string | null {
  if (characterCount(raw) > MAX_URL_LENGTH) return `url must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must use https';
  if (allowInsecure) return null;
  if (url.protocol !== 'https:') return 'url must use https';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '' || LOCAL_NAMES.test(host)) return 'url must not point to a local host';
  if (isNonPublicAddress(host)) return 'url must not point to a private, loopback or link-local address';
  return null;
}
