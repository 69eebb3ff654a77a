// The security headers and the CSP the server sends.
import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "./security";

describe("security headers", () => {
  it("sends HSTS only when the public address is https", () => {
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(baseSecurityHeaders(false)).not.toHaveProperty("Strict-Transport-Security");
    expect(baseSecurityHeaders(false)["X-Content-Type-Options"]).toBe("nosniff");
    expect(baseSecurityHeaders(false)["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("makes a fresh, unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    expect(Buffer.from(createNonce(), "base64")).toHaveLength(16);
  });

  it("allows scripts by nonce only, no inline, no eval, no framing", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", connectOrigins: [], development: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });

  it("frames nothing but itself unless the page names players, and then only their origins", () => {
    const plain = contentSecurityPolicy({ nonce: "abc", connectOrigins: [], development: false });
    expect(plain).not.toContain("frame-src");
    const withVideo = contentSecurityPolicy({
      nonce: "abc",
      connectOrigins: [],
      development: false,
      frameOrigins: new Set([
        "https://www.youtube-nocookie.com",
        "https://player.vimeo.com/video/1",
        "not a url",
      ]),
    });
    expect(withVideo).toMatch(
      /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com(;|$)/,
    );
    expect(withVideo).toContain("frame-ancestors 'none'");
  });

  it("lets the browser reach the analytics host and an API on another origin, by origin only", () => {
    const csp = contentSecurityPolicy({
      nonce: "n",
      connectOrigins: ["https://eu.i.posthog.com/some/path", "/api", undefined, "https://api.example.se/v1"],
      development: false,
    });
    expect(csp).toContain("connect-src 'self' https://eu.i.posthog.com https://api.example.se;");
  });
});
