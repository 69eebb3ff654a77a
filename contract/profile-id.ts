// Profile ids: 8 characters of Crockford base32 (no I, L, O, U), printed on plaques.
export const profileIdAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const profileIdLength = 8;
const profileIdPattern = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

// Crockford base32 reads the letters people confuse with digits as those digits: a code copied from a
// plaque by eye ("O" for "0", "l" for "1") still finds its page. U stays invalid, as in Crockford.
const readAs: Record<string, string> = { I: "1", L: "1", O: "0" };

/**
 * What a person typed, tidied into the id it means: upper case, no spaces or dashes, and I, L and O
 * read as 1, 1 and 0. Anything else is left as it is, so `isProfileId` can still refuse it.
 */
export function normalizeProfileId(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/[ILO]/g, (letter) => readAs[letter] ?? letter);
}

export function isProfileId(value: string): boolean {
  return profileIdPattern.test(value);
}
