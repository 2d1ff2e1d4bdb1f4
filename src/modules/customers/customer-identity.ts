/**
 * How a customer is recognised: an email matches case-insensitively after trimming,
 * a phone matches on its digits and a leading +. The normalised forms are what the unique indexes
 * `customers_business_email_uq` and `customers_business_phone_uq` hold.
 */
export function normalizeEmail(email: string | null | undefined): string | null {
  if (email === null || email === undefined) return null;
  const normalized = email.trim().toLowerCase();
  return normalized === '' ? null : normalized;
}

export function normalizePhone(phone: string | null | undefined): string | null {
  if (phone === null || phone === undefined) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits === '') return null;
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

export interface CustomerIdentity {
  name: string | null;
  email: string | null;
  emailNormalized: string | null;
  phone: string | null;
  phoneNormalized: string | null;
}

/** The stored forms of a customer's contact fields: as given (trimmed) and normalised for matching. */
export function customerIdentity(input: { name?: string | null; email?: string | null; phone?: string | null }): CustomerIdentity {
  const trim = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v.trim());
  return {
    name: trim(input.name),
    email: trim(input.email),
    emailNormalized: normalizeEmail(input.email),
    phone: trim(input.phone),
    phoneNormalized: normalizePhone(input.phone),
  };
}

/**
 * The stored forms of the contact fields a partial update gives: an absent field is left out (its
 * columns stay), a given one sets both its forms (`null` clears them).
 */
export function givenIdentity(input: { name?: string | null; email?: string | null; phone?: string | null }): Partial<CustomerIdentity> {
  const who = customerIdentity(input);
  return {
    ...(input.name !== undefined && { name: who.name }),
    ...(input.email !== undefined && { email: who.email, emailNormalized: who.emailNormalized }),
    ...(input.phone !== undefined && { phone: who.phone, phoneNormalized: who.phoneNormalized }),
  };
}
