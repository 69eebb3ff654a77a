// Where to send a visitor back to, after signing in or changing the language: local paths only.

const returnBase = "http://return.invalid";

/**
 * A local path to return to, percent-encoded so it can stand in a Location header; anything else
 * (other sites, "//…", control characters) is dropped.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const url = new URL(value, returnBase);
  return url.origin === returnBase ? url.pathname + url.search + url.hash : null;
}
