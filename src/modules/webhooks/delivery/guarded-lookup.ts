import { lookup as dnsLookup, LookupAddress, LookupAllOptions, LookupOptions } from 'dns';
import { isNonPublicAddress } from '../url-policy';

type Resolver = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the delivery sockets that refuses names resolving to loopback, private or
 * link-local addresses. Checking inside the connection's own lookup (not before it) means the
 * address checked is the address connected to, so a DNS answer cannot change in between.
 */
export function guardedLookup(resolve: Resolver = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const blocked = addresses.find((a) => isNonPublicAddress(a.address));
      if (blocked) {
        const refusal: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${blocked.address}, a non-public address`);
        refusal.code = 'ENONPUBLIC';
        return callback(refusal, []);
      }
      if (addresses.length === 0) {
        const none: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
        none.code = 'ENOTFOUND';
        return callback(none, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
