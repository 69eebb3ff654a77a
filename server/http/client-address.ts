// The client's address, for rate limits and the audit log. Behind reverse proxies it is in
// X-Forwarded-For, where each proxy appends the address it was reached from: only the entries our own
// proxies appended can be believed (anything left of them is whatever the client sent), so with N
// trusted proxies the client is the Nth entry from the right, as Express's `trust proxy` counts.
import { isIP } from "node:net";

/**
 * An address as one canonical string, or null for anything else (so no junk becomes a limit's key):
 * lower case, an IPv4 address mapped into IPv6 as plain IPv4, a port or brackets around IPv6 dropped.
 */
export function canonicalAddress(text: string | undefined): string | null {
  let address = text?.trim().toLowerCase() ?? "";
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) address = bracketed[1] ?? "";
  else if (/^[\d.]+:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (!isIP(address)) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The client behind `trustedProxies` proxies (0: the socket's peer is the client). A header with
 * fewer entries than that names the client leftmost (it came in past some of the proxies); a missing,
 * empty or malformed entry there leaves the socket's address.
 */
export function clientAddress(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  trustedProxies: number,
): string | null {
  const socket = canonicalAddress(socketAddress);
  if (trustedProxies < 1 || forwardedFor === undefined) return socket;
  const entries = forwardedFor.split(",");
  const client = entries[Math.max(entries.length - trustedProxies, 0)];
  return canonicalAddress(client) ?? socket;
}
