import type { Business } from '../../frame/business';

/**
 * Whether the API can mail (GET /business `email_configured`, docs/api.md 21): without it the till
 * says "mail is not set up" rather than promise a mail. Only an explicit true counts.
 */
export function mailConfigured(business: Business): boolean {
  return business.email_configured === true;
}
