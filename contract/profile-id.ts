// Profile ids: 8 characters of Crockford base32 (no I, L, O, U), printed on plaques.
export const profileIdAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const profileIdLength = 8;
const profileIdPattern = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/** What a person typed, tidied: upper case, no spaces or dashes. */
export function normalizeProfileId(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

export function isProfileId(value: string): boolean {
  return profileIdPattern.test(value);
}
