// Security headers for every response and the per-request CSP nonce for pages.
import { randomFillSync } from "node:crypto";

const nonceBytes = 16;
// Random bytes are drawn 256 nonces at a time: a call into the system's generator for each request
// was over 1 % of rendering the sign-in page (measured). Each byte serves one nonce only.
const noncePool = Buffer.alloc(nonceBytes * 256);
let nonceOffset = noncePool.length;

export function createNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + nonceBytes);
  nonceOffset += nonceBytes;
  return nonce;
}

function originOf(url: string | undefined): string | null {
  if (!url || url.startsWith("/")) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export type CspOptions = {
  nonce: string;
  /** Other origins the browser must reach: the analytics host, an API on another origin. */
  connectOrigins: (string | undefined)[];
  /** In development Vite's client talks over a websocket and injects styles. */
  development: boolean;
  /**
   * Players this page may frame (a video's, after a visitor presses play: ADR 040). Without any, no
   * `frame-src` is written and frames fall back to `default-src 'self'`.
   */
  frameOrigins?: Iterable<string>;
};

export function contentSecurityPolicy({
  nonce,
  connectOrigins,
  development,
  frameOrigins = [],
}: CspOptions): string {
  const frames = [...new Set([...frameOrigins].map(originOf).filter((o): o is string => !!o))];
  const connect = ["'self'", ...connectOrigins.map(originOf).filter((o): o is string => !!o)];
  if (development) connect.push("ws:", "wss:");
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'"],
    "connect-src": [...new Set(connect)],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (frames.length) directives["frame-src"] = frames;
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function baseSecurityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
