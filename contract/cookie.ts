// Reading one cookie from a Cookie header: the one parser for the server, the pages and the browser.
// No zod here: every page's first render needs it.

/** The decoded value of cookie `name`, or undefined when it is absent or malformed (never an error). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    const key = (separator === -1 ? part : part.slice(0, separator)).trim();
    if (key !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
