// Where to send a visitor back to, after signing in or changing the language: local paths only.

const returnBase = "http://return.invalid";

/**
 * A local path to return to, percent-encoded so it can stand in a Location header; anything else
 * (other sites, "//…" however it is spelt, control characters) is dropped. The one check every return
 * target passes: the sign-in rule's, the partner sign-in's and the preference forms'.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const url = new URL(value, returnBase);
  if (url.origin !== returnBase) return null;
  // Dot segments and backslashes are resolved by the parser: "/.//evil.example", "/%2e//evil.example"
  // and "/a/..//evil.example" all come out as "//evil.example", which a browser takes for another
  // site. So the path is checked once more as it will be sent.
  if (url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}
