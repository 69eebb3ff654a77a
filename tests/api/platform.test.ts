// The platform's API behaviour, on every test database engine.
import { expect, it } from "vitest";
import { apiErrorSchema } from "../../contract/errors";
import { readySchema } from "../../contract/platform";
import { describeOnEngines } from "../support/api-fixture";
import { createTestApp } from "../support/test-app";

describeOnEngines("platform API", ({ engine, app, logs }) => {
  it("GET /api/health answers { ok: true }", async () => {
    const response = await app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("GET /api/ready answers 200 while the database answers", async () => {
    const response = await app.request("/api/ready");
    expect(response.status).toBe(200);
    expect(readySchema.parse(await response.json())).toEqual({ ok: true, database: "up" });
  });

  it("GET /api/build answers the build id, never cached", async () => {
    const response = await app.request("/api/build");
    expect(await response.json()).toEqual({ buildId: "test-build" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a tab of an earlier build asking /__manifest for routes is told to load its page afresh", async () => {
    // The browser has the whole manifest (ADR 050); React Router's client reloads on this answer.
    const response = await app.request("/__manifest?paths=%2Faccount&version=an-earlier-build");
    expect(response.status).toBe(204);
    expect(response.headers.get("x-remix-reload-document")).toBe("true");
  });

  it("an unknown API path is a JSON 404 in the error shape", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await app.request("/api/no/such/call", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const body = apiErrorSchema.parse(await response.json());
      expect(body.error.code).toBe("not_found");
      expect(body.error.message).toContain("/api/no/such/call");
    }
  });

  it("malformed JSON is a 400 naming the problem, not a 500", async () => {
    const response = await app.request("/api/preferences/locale", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"locale": "sv-SE"',
    });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe("invalid_json");
  });

  it("a valid JSON body of the wrong shape is a 400 naming the field", async () => {
    const response = await app.request("/api/preferences/locale", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ locale: "fr-FR" }),
    });
    expect(response.status).toBe(400);
    const body = apiErrorSchema.parse(await response.json());
    expect(body.error.code).toBe("invalid_request");
    expect(Object.keys(body.error.fields ?? {})).toEqual(["locale"]);
  });

  it("a body over 1 MB is a 413 in the error shape, on known and unknown paths", async () => {
    const big = JSON.stringify({ locale: "sv-SE", padding: "x".repeat(1024 * 1024) });
    for (const path of ["/api/preferences/locale", "/api/no/such/call"]) {
      const response = await app.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: big,
      });
      expect(response.status).toBe(413);
      expect(apiErrorSchema.parse(await response.json()).error.code).toBe("payload_too_large");
    }
  });

  it("POST /api/preferences/locale keeps the language in the locale cookie for 365 days", async () => {
    const response = await app.request("/api/preferences/locale", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ locale: "sv-SE" }),
    });
    expect(response.status).toBe(204);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^locale=sv-SE;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("a plain HTML form may set the language too, and is sent back to its page, never to another site", async () => {
    const form = (body: string) =>
      app.request("/api/preferences/locale", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
        body,
      });
    const back = await form("locale=sv-SE&redirectTo=%2Fk%2FABCD1234");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/k/ABCD1234");
    expect(back.headers.get("set-cookie") ?? "").toMatch(/^locale=sv-SE;/);
    for (const elsewhere of [
      "https://evil.example/",
      "//evil.example",
      "/.//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/\r\nSet-Cookie: x=1",
    ]) {
      const answer = await form(`locale=en-US&redirectTo=${encodeURIComponent(elsewhere)}`);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/");
    }
    const bad = await form("locale=fr-FR&redirectTo=%2F");
    expect(bad.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(await bad.json()).error.fields ?? {})).toEqual(["locale"]);
    const nul = await form("locale=sv-SE&redirectTo=%2Fk%2F%00");
    expect(nul.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(await nul.json()).error.fields ?? {})).toEqual(["redirectTo"]);
  });

  it("POST /api/preferences/analytics-consent keeps the answer for 365 days", async () => {
    for (const consent of ["granted", "denied"]) {
      const response = await app.request("/api/preferences/analytics-consent", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ consent }),
      });
      expect(response.status).toBe(204);
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(new RegExp(`^analytics_consent=${consent};`));
      expect(cookie).toContain("Max-Age=31536000");
      expect(cookie).toContain("SameSite=Lax");
      // The server renders the answer into the page; no script reads the cookie.
      expect(cookie).toContain("HttpOnly");
    }
    const bad = await app.request("/api/preferences/analytics-consent", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ consent: "maybe" }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(await bad.json()).error.fields ?? {})).toEqual(["consent"]);
    const form = await app.request("/api/preferences/analytics-consent", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
      body: "consent=denied&redirectTo=%2Fprivacy%23analytics",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/privacy#analytics");
    expect(form.headers.get("set-cookie") ?? "").toMatch(/^analytics_consent=denied;/);
  });

  it("every answer carries a request id and the security headers", async () => {
    const response = await app.request("/api/health", { headers: { "X-Request-Id": "abcdef12-trace" } });
    expect(response.headers.get("x-request-id")).toBe("abcdef12-trace");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const generated = await app.request("/api/health", { headers: { "X-Request-Id": "bad id with spaces" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("pages get an enforced CSP with a fresh nonce per request", async () => {
    const first = (await app.request("/")).headers.get("content-security-policy") ?? "";
    const second = (await app.request("/")).headers.get("content-security-policy") ?? "";
    const nonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(first)).not.toBe(nonce(second));
    expect(first).toContain("frame-ancestors 'none'");
    expect(first).not.toContain("unsafe-inline");
  });

  it("pages for a signed-in viewer are private and never stored; anonymous pages are not", async () => {
    const anonymous = await app.request("/");
    expect(anonymous.headers.get("cache-control") ?? "").not.toContain("no-store");
    const sessions: Record<string, string>[] = [
      { Cookie: "kammare_session=some-token" },
      { Authorization: "Bearer some-token" },
    ];
    for (const headers of sessions) {
      const signedIn = await app.request("/admin", { headers });
      expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("GET /api/openapi.json lists every call of the contract", async () => {
    const document = (await (await app.request("/api/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/ready", "/api/build", "/api/preferences/locale"]),
    );
    expect(document.paths["/api/preferences/locale"]).toHaveProperty("post.requestBody");
  });

  it("the OpenAPI document lists exactly the calls the server answers", async () => {
    const document = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const served = app.routes
      .filter(
        (route) => route.path.startsWith("/api/") && !route.path.includes("*") && route.method !== "ALL",
      )
      // Hono writes a path parameter `:id`, OpenAPI `{id}`.
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    expect(documented).toEqual([...new Set(served)]);
  });

  it("logs carry the request id and never the secrets", async () => {
    await app.request("/api/health", {
      headers: { "X-Request-Id": "logcheck-123", Authorization: "Bearer s3cret-token" },
    });
    const line = logs.find((entry) => entry.requestId === "logcheck-123");
    expect(line).toBeDefined();
    expect(JSON.stringify(logs)).not.toContain("s3cret-token");
  });

  it("GET /api/ready answers 503 when the database is gone", async () => {
    const spare = await engine.create();
    const { app: lonely } = createTestApp(spare.handle);
    await spare.drop();
    const response = await lonely.request("/api/ready");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: "down" });
  });
});
