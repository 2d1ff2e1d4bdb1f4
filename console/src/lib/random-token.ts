/**
 * Random tokens made in the browser: an Idempotency-Key for one attempt of a POST (docs/api.md 9: a
 * double submit of the same attempt has one effect) and a webhook secret the user may generate.
 * crypto.getRandomValues works on plain http too (crypto.randomUUID needs a secure context).
 */
export function randomToken(bytes = 24): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  let text = '';
  for (const byte of buffer) text += String.fromCharCode(byte);
  // base64url: visible ASCII only, so it is also a valid webhook secret (docs/api.md 10)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
