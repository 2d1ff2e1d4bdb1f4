/** Mozilla's list of common passwords (fxa-common-password-list ships no types). */
declare module 'fxa-common-password-list' {
  const commonPasswords: { test(password: string): boolean };
  export default commonPasswords;
}
