import { BusinessContext } from './business-context';

/**
 * Finds the business of an active (not revoked) API key by the key's hash. The guard depends on
 * this contract only; the businesses module, which owns the keys, provides the implementation.
 */
export abstract class ApiKeyLookup {
  abstract findActive(keyHash: string): Promise<BusinessContext | undefined>;
}
