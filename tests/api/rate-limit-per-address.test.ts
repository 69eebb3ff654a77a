// Sign-in and sign-up limits per client address (behind a proxy: X-Forwarded-For), on every engine.
import { expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { awayFromWindowEdge, call, expectError } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

// Behind a proxy: the client's address comes from X-Forwarded-For.
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", TRUST_PROXY: "on" });

describeOnEngines("per-address limits", { app: { config } }, ({ app }) => {
  const from = (address: string) => ({ "X-Forwarded-For": `${address}, 10.0.0.1` });

  it("allows 10 sign-in attempts a minute from one address, across accounts, then 429 with Retry-After", async () => {
    await awayFromWindowEdge(60);
    const address = "198.51.100.7";
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await call(app, "/api/auth/login", {
        headers: from(address),
        json: { type: "email", email: `nobody${attempt}@example.se`, password: "whatever-it-is" },
      });
      expect(response.status).toBe(401);
    }
    const limited = await call(app, "/api/auth/login", {
      headers: from(address),
      json: { type: "email", email: "someone-else@example.se", password: "whatever-it-is" },
    });
    await expectError(limited, 429, "rate_limited");
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    // Another address is not affected.
    const other = await call(app, "/api/auth/login", {
      headers: from("203.0.113.9"),
      json: { type: "email", email: "nobody0@example.se", password: "whatever-it-is" },
    });
    expect(other.status).toBe(401);
  });

  it("limits sign-ups from one address the same way", async () => {
    await awayFromWindowEdge(60);
    const address = "198.51.100.8";
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await call(app, "/api/auth/signup", {
        headers: from(address),
        json: { email: `new${attempt}@example.se`, password: "a-fine-password-1" },
      });
      expect(response.status).toBe(201);
    }
    await expectError(
      await call(app, "/api/auth/signup", {
        headers: from(address),
        json: { email: "new-eleventh@example.se", password: "a-fine-password-1" },
      }),
      429,
      "rate_limited",
    );
  });
});
