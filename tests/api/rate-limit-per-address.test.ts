// Sign-in and sign-up limits per client address, and where that address comes from behind proxies
// (TRUST_PROXY: the X-Forwarded-For entry the proxies added, never one the client wrote), on every
// engine. Requests made in-process have no socket; the fallback to the socket's address is tested
// through a real one.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { auditLog } from "../../server/db/schema";
import { awayFromWindowEdge, call, expectError, type TestApp } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { createTestApp } from "../support/test-app";

const settings = (TRUST_PROXY: string) =>
  loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", TRUST_PROXY });

describeOnEngines("per-address limits", { app: { config: settings("on") } }, ({ app, db, handle }) => {
  const attempt = (on: TestApp, forwardedFor: string | undefined, email: string) =>
    call(on, "/api/auth/login", {
      headers: forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor },
      json: { type: "email", email, password: "whatever-it-is" },
    });

  /** Ten attempts (each on another account) pass, the eleventh is refused: all counted as one address. */
  async function expectOneAddress(on: TestApp, headers: (attempt: number) => string | undefined) {
    // Eleven sign-ins in one minute's window: 6.8 s for the file's first, on a loaded machine; the
    // default 8 s margin left too little, so a start in the window's last 15 s waits for the next.
    await awayFromWindowEdge(60, 15_000);
    for (let index = 0; index < 10; index++) {
      const response = await attempt(on, headers(index), `nobody${index}@example.se`);
      expect(response.status, `attempt ${index + 1}`).toBe(401);
    }
    const limited = await attempt(on, headers(10), "someone-else@example.se");
    await expectError(limited, 429, "rate_limited");
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  }

  it("allows 10 sign-in attempts a minute from one address, across accounts, then 429 with Retry-After", async () => {
    await expectOneAddress(app, () => "198.51.100.7");
    // Another address is not affected.
    expect((await attempt(app, "203.0.113.7", "nobody0@example.se")).status).toBe(401);
  });

  it("counts an IPv6 client by its /64: a new address in its network each time is still one client", async () => {
    await expectOneAddress(app, (index) => `2001:db8:77:1:${(index + 1).toString(16)}::${index * 7 + 1}`);
    // Another network is another client.
    expect((await attempt(app, "2001:db8:77:2::1", "nobody0@example.se")).status).toBe(401);
  });

  it("limits sign-ups from one address the same way", async () => {
    await awayFromWindowEdge(60);
    const from = { "X-Forwarded-For": "198.51.100.8" };
    for (let index = 0; index < 10; index++) {
      const response = await call(app, "/api/auth/signup", {
        headers: from,
        json: { email: `new${index}@example.se`, password: "a-fine-password-1" },
      });
      expect(response.status).toBe(201);
    }
    await expectError(
      await call(app, "/api/auth/signup", {
        headers: from,
        json: { email: "new-eleventh@example.se", password: "a-fine-password-1" },
      }),
      429,
      "rate_limited",
    );
  });

  it("TRUST_PROXY=on: the address the proxy added counts, whatever the client put before it", async () => {
    await expectOneAddress(app, (index) => `198.51.100.${index + 20}, 203.0.113.9`);
    // A client sending the header itself cannot pass for another: the proxy appends its real address.
    await expectError(await attempt(app, "203.0.113.10, 203.0.113.9", "new@example.se"), 429, "rate_limited");
    // The audit log names that address too.
    const [failure] = await db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, "login.failure"), eq(auditLog.ip, "203.0.113.9")))
      .limit(1);
    expect(failure?.ip).toBe("203.0.113.9");
  });

  it("TRUST_PROXY=2: the client is the second entry from the right", async () => {
    const twoProxies = createTestApp(handle, undefined, { config: settings("2") }).app;
    await expectOneAddress(twoProxies, (index) => `198.51.100.${index + 40}, 203.0.113.20, 10.0.0.${index}`);
    // A header shorter than the proxies in front names the client leftmost (it came past the outer one).
    await expectError(await attempt(twoProxies, "203.0.113.20", "new@example.se"), 429, "rate_limited");
  });

  it("an entry that is not an address is never taken for one (nor the one the client wrote before it)", async () => {
    await awayFromWindowEdge(60);
    const junk = ["", " , ", "not-an-address", "999.1.1.1", "198.51.100.70; DROP", "'><script>"];
    const email = "junk-address@example.se";
    for (const [index, header] of junk.entries()) {
      // No socket in-process: each falls back to no address, so none of them is limited.
      expect((await attempt(app, `198.51.100.71, ${header}`, `${index}-${email}`)).status).toBe(401);
    }
    const logged = await db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.action, "login.failure"));
    const ips = new Set(logged.map((row) => row.ip));
    for (const header of junk.filter((text) => text.trim())) expect(ips.has(header.trim())).toBe(false);
    // Nor the address the client wrote before it.
    expect(ips.has("198.51.100.71")).toBe(false);
  });

  let server: ServerType | undefined;
  afterAll(() => {
    server?.close();
  });

  it("a missing, empty or malformed header falls back to the socket's address", async () => {
    const listening = await new Promise<AddressInfo>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => resolve(info));
    });
    const overSocket = (forwardedFor: string | undefined, email: string) =>
      fetch(`http://127.0.0.1:${listening.port}/api/auth/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor }),
        },
        body: JSON.stringify({ type: "email", email, password: "whatever-it-is" }),
      });
    await awayFromWindowEdge(60);
    const headers = [undefined, "", " ", "not-an-address", "999.1.1.1", "198.51.100.80, junk"];
    for (let index = 0; index < 10; index++) {
      const response = await overSocket(headers[index % headers.length], `socket${index}@example.se`);
      expect(response.status, `attempt ${index + 1}`).toBe(401);
    }
    // All ten counted against 127.0.0.1: the eleventh is refused, whatever it says it is.
    expect((await overSocket("198.51.100.81, bogus", "socket-last@example.se")).status).toBe(429);
    // A well-formed header is believed (TRUST_PROXY=on): another address, not limited.
    expect((await overSocket("198.51.100.82", "socket-last@example.se")).status).toBe(401);
  });
});
