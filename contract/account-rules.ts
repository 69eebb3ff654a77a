// The rules for e-mail addresses and passwords, shared by the API's schemas and the browser's forms.
// No zod here: the forms use them in their first render.

export const passwordMinLength = 10;
export const passwordMaxLength = 256;

// The HTML standard's rule (what a browser's <input type="email"> accepts), which also allows a host
// without a dot, like admin@localhost.
export const emailAddressPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const emailMaxLength = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= emailMaxLength && emailAddressPattern.test(value);
}

/**
 * A new account's address needs a domain with a dot (name@example.se): "anna@exempel" passes the HTML
 * rule but cannot receive mail on the internet, so the password-reset e-mail could never reach it.
 * Sign-in does not ask this: an address the product already knows (admin@localhost) still signs in.
 */
export function hasDottedDomain(value: string): boolean {
  const domain = value.slice(value.lastIndexOf("@") + 1);
  return domain.includes(".") && !domain.startsWith(".") && !domain.endsWith(".");
}
