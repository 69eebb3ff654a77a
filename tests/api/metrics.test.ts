// /metrics (ADR 028): Prometheus' text format, read with a text-format parser as Prometheus would;
// only for the bearer of METRICS_TOKEN (404 without one set, 401 without it or with another); requests
// counted under their route patterns and statuses, never a path or an id; the page cache's hits and
// misses, the database's statement time and connections, sweeps, e-mails, payments and the process's
// own metrics (event-loop delay, memory), on both engines.
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import parsePrometheusTextFormat, { type ParsedFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import pageTable from "../../app/routes";
import { loadConfig } from "../../server/config";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { createPageCache } from "../../server/http/page-cache";
import { createLogger } from "../../server/logger";
import { countedEmail, createMetrics, type Metrics } from "../../server/metrics";
import { createOutboxSender } from "../../server/providers/email";
import { createPaymentProviders } from "../../server/providers/payments";
import { createSandboxProvider } from "../../server/providers/payments/sandbox";
import { scheduleLifecycle } from "../../server/serve";
import { Accounts, call } from "../support/accounts";
import { testEngines, type TestEngine } from "../support/databases";
import { createTestApp } from "../support/test-app";

const token = "metrics-token-0123456789abcdef-0123456789";
const pageId = "ABCD2345";
const orderNumber = "KM-000123";
const secret = "test-sandbox-secret-0123456789";
const sandbox = createSandboxProvider({ secret });
const payments = createPaymentProviders(
  { PAYMENT_PROVIDER: "sandbox", SANDBOX_WEBHOOK_SECRET: secret },
  { sandbox },
);

/** A stand-in for React Router: the page of `pageId`, and a 404 for every other path. */
const pages = async (request: Request) => {
  const found = new URL(request.url).pathname === `/k/${pageId}`;
  return new Response(`<!doctype html><p>${found ? "Greta" : "Not found"}</p>`, {
    status: found ? 200 : 404,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
};

/** A fresh migrated database on `engine` whose statements are timed into `metrics`. */
async function timedDatabase(engine: TestEngine, metrics: Metrics) {
  const observer = { onStatement: metrics.statement };
  if (engine.name === "pglite") {
    const image = new Blob([await readFile(inject("pgliteMigratedImage"))]);
    const handle = await openDatabase({ memory: true, image }, observer);
    return { handle, drop: () => handle.close() };
  }
  const created = await engine.create();
  await migrate(created.handle);
  const handle = await openDatabase({ url: created.url ?? "" }, observer);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

function sample(families: ParsedFamily[], name: string, labels: Record<string, string> = {}): number {
  // A name may head several families (a histogram's `_count` lines, read as untyped, one per series).
  const metric = families
    .filter((family) => family.name === name)
    .flatMap((family) => family.metrics)
    .find((each) => Object.entries(labels).every(([key, value]) => each.labels?.[key] === value));
  return Number(metric?.value ?? Number.NaN);
}

describe.each(testEngines())("metrics on $name", (engine) => {
  const metrics = createMetrics();
  const pageCache = createPageCache();
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    METRICS_TOKEN: token,
  });
  let database: Awaited<ReturnType<typeof timedDatabase>>;
  let made: ReturnType<typeof createTestApp>;
  const app = () => made.app;

  beforeAll(async () => {
    database = await timedDatabase(engine, metrics);
    metrics.watchConnections(database.handle);
    made = createTestApp(database.handle, pages, {
      config,
      metrics,
      pageCache,
      pageRoutes: pageTable,
      payments,
      email: countedEmail(
        createOutboxSender({ dir: mkdtempSync(path.join(tmpdir(), "kammare-outbox-")), from: "k@localhost" }),
        metrics,
      ),
    });
  });
  afterAll(async () => {
    await made.settled();
    await database.drop();
  });

  /**
   * /metrics parsed: its families with their types, and every sample with its labels. The parser folds
   * a histogram's series into one (it keeps the labels of unlabelled histograms only), so the samples
   * are read from the same text parsed again without the histograms' TYPE lines, where each of
   * `_bucket`, `_sum` and `_count` is a family of its own with every label kept.
   */
  const scrape = async () => {
    const response = await app().request("/metrics", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const families = parsePrometheusTextFormat(text);
    const samples = parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, ""));
    return { families, samples };
  };
  const typeOf = (families: ParsedFamily[], name: string) =>
    families.find((family) => family.name === name)?.type;

  it("answers only the bearer of METRICS_TOKEN: 401 without it or with another", async () => {
    const none = await app().request("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await none.text()).not.toContain("kammare_");
    for (const authorization of [
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${token}`,
      "Bearer",
    ]) {
      const wrong = await app().request("/metrics", { headers: { Authorization: authorization } });
      expect(wrong.status, authorization).toBe(401);
    }
  });

  it("counts requests by route pattern and status, the page cache, e-mails, payments and sweeps", async () => {
    const before = (await scrape()).samples;
    const count = (families: ParsedFamily[], route: string, status: string, method = "GET") =>
      sample(families, "kammare_http_requests_total", { method, route, status }) || 0;

    // A page viewed twice: rendered (a miss), then from the cache (a hit).
    const first = await app().request(`/k/${pageId}`);
    const second = await app().request(`/k/${pageId}`);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    // A page no route claims, an API call no router has, an API call with an id in its path.
    expect((await app().request("/no/such/page-9911")).status).toBe(404);
    expect((await app().request(`/api/no-such-call/${pageId}`)).status).toBe(404);
    expect((await app().request("/api/health")).status).toBe(200);
    const accounts = new Accounts(app(), database.handle.db);
    const customer = await accounts.signUp();
    const receipt = await call(app(), `/api/kammare/orders/${orderNumber}/receipt.pdf`, {
      bearer: customer.token,
    });
    expect(receipt.status).toBe(404);
    // An e-mail: the customer asks for a password reset (sent after the answer).
    const reset = await call(app(), "/api/auth/reset-request", {
      json: { email: customer.email },
      origin: "http://localhost:3000",
    });
    expect(reset.status).toBe(202);
    // A payment event through the booking path, then its replay.
    const { body, headers } = sandbox.webhook("payment_failed", {
      orderNumber,
      reference: "ref-1",
      amountOre: 4900,
      failureCode: "card_declined",
    });
    for (let time = 0; time < 2; time += 1) {
      const booked = await app().request("/api/webhooks/sandbox", { method: "POST", headers, body });
      expect(booked.status).toBe(200);
    }
    // One lifecycle sweep run by the schedule.
    const sweep = scheduleLifecycle(
      {
        config,
        logger: createLogger("silent"),
        database: database.handle,
        email: createOutboxSender({
          dir: mkdtempSync(path.join(tmpdir(), "kammare-sweep-")),
          from: "k@localhost",
        }),
        metrics,
      },
      { firstSweepAfterMs: 0 },
    );
    try {
      await vi.waitFor(
        async () =>
          expect(
            sample((await scrape()).samples, "kammare_sweeps_total", { sweep: "lifecycle", result: "ran" }),
          ).toBe(1),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await sweep.stop();
    }
    await made.settled();

    const { families, samples: after } = await scrape();
    const moved = (route: string, status: string, method = "GET") =>
      count(after, route, status, method) - count(before, route, status, method);
    expect(typeOf(families, "kammare_http_requests_total")).toBe("COUNTER");
    expect(moved("/k/:id", "200")).toBe(2);
    expect(moved("unmatched", "404")).toBe(2);
    expect(moved("/api/health", "200")).toBe(1);
    expect(moved("/api/kammare/orders/:orderNumber/receipt.pdf", "404")).toBe(1);
    expect(moved("/api/webhooks/:provider", "200", "POST")).toBe(2);
    expect(moved("/api/auth/signup", "201", "POST") + moved("/api/auth/signup", "200", "POST")).toBe(1);
    // Latency: one observation per request, in its route's histogram.
    expect(typeOf(families, "kammare_http_request_duration_seconds")).toBe("HISTOGRAM");
    const pageLatency = { method: "GET", route: "/k/:id" };
    const latency = (families: ParsedFamily[], suffix: string, labels: Record<string, string> = {}) =>
      sample(families, `kammare_http_request_duration_seconds_${suffix}`, { ...pageLatency, ...labels }) || 0;
    expect(latency(after, "count") - latency(before, "count")).toBe(2);
    expect(latency(after, "bucket", { le: "+Inf" }) - latency(before, "bucket", { le: "+Inf" })).toBe(2);
    expect(latency(after, "sum")).toBeGreaterThan(0);

    expect(
      sample(after, "kammare_page_cache_misses_total") - sample(before, "kammare_page_cache_misses_total"),
    ).toBe(1);
    expect(
      sample(after, "kammare_page_cache_hits_total") - sample(before, "kammare_page_cache_hits_total"),
    ).toBe(1);
    expect(sample(after, "kammare_page_cache_entries")).toBe(1);
    expect(sample(after, "kammare_emails_total", { provider: "outbox", result: "sent" })).toBe(1);
    const payment = { provider: "sandbox", type: "payment_failed" };
    expect(sample(after, "kammare_payment_events_total", { ...payment, result: "booked" })).toBe(1);
    expect(sample(after, "kammare_payment_events_total", { ...payment, result: "replayed" })).toBe(1);

    // The database: statements timed, connections as the engine has them.
    expect(typeOf(families, "kammare_db_statement_duration_seconds")).toBe("HISTOGRAM");
    expect(sample(after, "kammare_db_statement_duration_seconds_count")).toBeGreaterThan(10);
    expect(sample(after, "kammare_db_statement_duration_seconds_sum")).toBeGreaterThan(0);
    const kind = database.handle.kind;
    expect(sample(after, "kammare_db_connections", { engine: kind, state: "total" })).toBeGreaterThanOrEqual(
      1,
    );
    expect(Number.isFinite(sample(after, "kammare_db_connections", { engine: kind, state: "waiting" }))).toBe(
      true,
    );
    // The process: event-loop delay and memory (prom-client's default metrics).
    expect(sample(after, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(after, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);

    // No label carries what a request brought: every route a pattern, no id, no path.
    const values = after.flatMap((family) =>
      family.metrics.flatMap((metric) => Object.values(metric.labels ?? {})),
    );
    for (const raw of [pageId, orderNumber, "no-such", "page-9911", customer.email, customer.id]) {
      expect(
        values.filter((value) => value.includes(raw)),
        raw,
      ).toEqual([]);
    }
    const routes = after
      .flatMap((family) => family.metrics.map((metric) => metric.labels?.route))
      .filter((route): route is string => route !== undefined);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(route).toMatch(/^(unmatched|static|\/([\w.-]+|:[\w]+|\*)?(\/([\w.-]+|:[\w]+|\*))*)$/);
    }
  });
});

describe("metrics without METRICS_TOKEN", () => {
  it("/metrics is a 404 and nothing is counted", async () => {
    const image = new Blob([await readFile(inject("pgliteMigratedImage"))]);
    const handle: DatabaseHandle = await openDatabase({ memory: true, image });
    try {
      const metrics = createMetrics({ processMetrics: false });
      // A process without the token keeps no metrics (server/boot.ts); even handed some, it shows none.
      for (const extra of [{}, { metrics }]) {
        const { app } = createTestApp(handle, pages, extra);
        const response = await app.request("/metrics", { headers: { Authorization: `Bearer ${token}` } });
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain("kammare_");
      }
    } finally {
      await handle.close();
    }
  });

  it("a METRICS_TOKEN shorter than 32 characters is refused at start, without showing it", () => {
    const short = "short-token-0123456789";
    expect(() => loadConfig({ METRICS_TOKEN: short })).toThrow(
      /METRICS_TOKEN: must have at least 32 characters/,
    );
    try {
      loadConfig({ METRICS_TOKEN: short });
    } catch (error) {
      expect(String(error)).not.toContain(short);
    }
    expect(loadConfig({ METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  });
});
