// What an operator watches (Prometheus' text format at /metrics, ADR 028): requests by route pattern
// and status with their latency, the page cache's hits and misses, the requests working and waiting
// for their turn (ADR 049), the database's statement time and connections, sweeps, e-mails, payments,
// and the process itself (prom-client's default metrics: event-loop delay, memory, CPU, garbage
// collection). Each process has its own registry, made at start (server/boot.ts) and handed to the
// parts that count through their dependencies; nothing here is a module-level global, so tests make as
// many as they like. Every label value is one of a fixed set or a route pattern, never something a
// request brought.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { CardProviderName, PaymentEventType } from "../providers/payments/types";

/** What a counting part is told a request, sweep, e-mail or payment came to; a fixed set each. */
export type SweepName = "lifecycle" | "retention";
export type SweepResult = "ran" | "failed";
export type EmailResult = "sent" | "failed";
export type PaymentResult = "booked" | "replayed" | "failed";

/** The methods named in labels; any other is "other" (a label never carries what a client made up). */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The page cache as metrics read it, at each scrape (server/http/page-cache.ts: stats()). */
export type PageCacheSource = { stats(): { entries: number; bytes: number; hits: number; misses: number } };

/** The database's connections at a scrape: PostgreSQL's pool, or the embedded database's one connection. */
export type ConnectionSource = {
  kind: "embedded" | "server";
  connections(): { total: number; idle: number; waiting: number };
};

/** The turns of page renders and API calls at a scrape (server/http/admission.ts: stats()). */
export type AdmissionSource = { stats(): { running: number; waiting: number; queued: number } };

export type Metrics = {
  registry: Registry;
  /** One answered request: its route pattern (never its path), status and time to its headers. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One database statement's time on its connection. */
  statement(seconds: number): void;
  sweep(name: SweepName, result: SweepResult): void;
  email(provider: "outbox" | "smtp", result: EmailResult): void;
  /** One payment event through the one booking path (ADR 012): booked, a replay, or its booking failed. */
  payment(event: { provider: CardProviderName; type: PaymentEventType }, result: PaymentResult): void;
  /** Reads the page cache's counts at every scrape. */
  watchPageCache(cache: PageCacheSource): void;
  /** Reads the database's connections at every scrape. */
  watchConnections(source: ConnectionSource): void;
  /** Reads how many renders and API calls work and wait for their turn at every scrape (ADR 049). */
  watchAdmission(source: AdmissionSource): void;
  /** The text /metrics answers, and its Content-Type. */
  exposition(): Promise<{ text: string; contentType: string }>;
};

/** Request latency buckets, in seconds: a cached page takes about a millisecond, a rendered one tens. */
export const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type RequestTally = { method: string; route: string; status: string; count: number };
/** One method and route's request times: how many fell in each bucket (not cumulative), sum, count. */
type TimeTally = { method: string; route: string; counts: number[]; sum: number; count: number };

/**
 * A histogram whose samples are read from tallies kept by the caller, in prom-client's own shape
 * (cumulative `_bucket` series with `le`, `_sum`, `_count`), so the registry prints it as any other.
 */
class TalliedHistogram extends Histogram<"method" | "route"> {
  constructor(
    private readonly tallies: Map<string, TimeTally>,
    private readonly config: { name: string; help: string; buckets: number[] } & ConstructorParameters<
      typeof Histogram<"method" | "route">
    >[0],
  ) {
    super(config);
  }

  /**
   * What the registry prints (and `get()` reads): prom-client's Histogram answers its own store here;
   * this one its tallies. tests/api/metrics.test.ts parses the result.
   */
  async getForPromString() {
    const { name, help, buckets } = this.config;
    const values = [...this.tallies.values()].flatMap(({ method, route, counts, sum, count }) => {
      let cumulative = 0;
      return [
        ...buckets.map((bound, index) => {
          cumulative += counts[index] ?? 0;
          return { metricName: `${name}_bucket`, labels: { method, route, le: bound }, value: cumulative };
        }),
        { metricName: `${name}_bucket`, labels: { method, route, le: "+Inf" }, value: count },
        { metricName: `${name}_sum`, labels: { method, route }, value: sum },
        { metricName: `${name}_count`, labels: { method, route }, value: count },
      ];
    });
    return { name, help, type: "histogram", aggregator: "sum", values };
  }
}
const statementBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * Makes one process's metrics. `processMetrics: false` leaves out prom-client's default metrics (which
 * watch the event loop for as long as the process lives), for a test that makes many.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  // A request only adds to plain tallies (a map lookup and a few additions); they become samples when
  // /metrics is read. prom-client's own inc and observe, which check and hash the labels on every call,
  // cost the cached page several per cent of its throughput (bench: lib/metrics-cost.ts).
  const requestTallies = new Map<string, RequestTally>();
  const timeTallies = new Map<string, TimeTally>();
  new Counter({
    name: "kammare_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
    collect() {
      this.reset();
      for (const { method, route, status, count } of requestTallies.values()) {
        this.inc({ method, route, status }, count);
      }
    },
  });
  new TalliedHistogram(timeTallies, {
    name: "kammare_http_request_duration_seconds",
    help: "Time from a request's arrival to its response's headers (a streamed page's body may go on), by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: requestBuckets,
    registers,
  });
  const statements = new Histogram({
    name: "kammare_db_statement_duration_seconds",
    help: "Time of each database statement on its connection (not the wait for one).",
    buckets: statementBuckets,
    registers,
  });
  const sweeps = new Counter({
    name: "kammare_sweeps_total",
    help: "Scheduled sweeps this process ran, by sweep and result (a round another process took is not counted).",
    labelNames: ["sweep", "result"] as const,
    registers,
  });
  const emails = new Counter({
    name: "kammare_emails_total",
    help: "E-mails handed to the provider, by provider and result.",
    labelNames: ["provider", "result"] as const,
    registers,
  });
  const payments = new Counter({
    name: "kammare_payment_events_total",
    help: "Payment events through the booking path, by provider, event type and result (booked, replayed, failed to book).",
    labelNames: ["provider", "type", "result"] as const,
    registers,
  });

  const pageCaches: PageCacheSource[] = [];
  const sum = (pick: (stats: ReturnType<PageCacheSource["stats"]>) => number) =>
    pageCaches.reduce((total, cache) => total + pick(cache.stats()), 0);
  new Counter({
    name: "kammare_page_cache_hits_total",
    help: "Public profile pages answered from the page cache.",
    registers,
    collect() {
      this.reset();
      this.inc(sum((stats) => stats.hits));
    },
  });
  new Counter({
    name: "kammare_page_cache_misses_total",
    help: "Public profile pages rendered because the page cache had no copy.",
    registers,
    collect() {
      this.reset();
      this.inc(sum((stats) => stats.misses));
    },
  });
  new Gauge({
    name: "kammare_page_cache_entries",
    help: "Pages kept in the page cache.",
    registers,
    collect() {
      this.set(sum((stats) => stats.entries));
    },
  });
  new Gauge({
    name: "kammare_page_cache_bytes",
    help: "Bytes of HTML kept in the page cache.",
    registers,
    collect() {
      this.set(sum((stats) => stats.bytes));
    },
  });

  const connectionSources: ConnectionSource[] = [];
  new Gauge({
    name: "kammare_db_connections",
    help: "Database connections by state: total and idle in the pool, and callers waiting for one (the embedded database has one connection; waiting are statements queued for their turn).",
    labelNames: ["engine", "state"] as const,
    registers,
    collect() {
      this.reset();
      for (const source of connectionSources) {
        const { total, idle, waiting } = source.connections();
        this.set({ engine: source.kind, state: "total" }, total);
        this.set({ engine: source.kind, state: "idle" }, idle);
        this.set({ engine: source.kind, state: "waiting" }, waiting);
      }
    },
  });

  const admissions: AdmissionSource[] = [];
  const inTurns = (pick: (stats: ReturnType<AdmissionSource["stats"]>) => number) =>
    admissions.reduce((total, source) => total + pick(source.stats()), 0);
  new Gauge({
    name: "kammare_requests_in_turn",
    help: "Page renders and API calls by state: working in their turn, or waiting for one (REQUEST_CONCURRENCY).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      this.set(
        { state: "running" },
        inTurns((stats) => stats.running),
      );
      this.set(
        { state: "waiting" },
        inTurns((stats) => stats.waiting),
      );
    },
  });
  new Counter({
    name: "kammare_requests_queued_total",
    help: "Page renders and API calls that waited for their turn: a steady rise says the turns are too few.",
    registers,
    collect() {
      this.reset();
      this.inc(inTurns((stats) => stats.queued));
    },
  });

  return {
    registry,
    request(method, route, status, seconds) {
      const named = knownMethods.has(method) ? method : "other";
      const countKey = `${named} ${status} ${route}`;
      const counted = requestTallies.get(countKey);
      if (counted) counted.count += 1;
      else requestTallies.set(countKey, { method: named, route, status: String(status), count: 1 });
      const timeKey = `${named} ${route}`;
      let timed = timeTallies.get(timeKey);
      if (!timed) {
        timed = { method: named, route, counts: requestBuckets.map(() => 0), sum: 0, count: 0 };
        timeTallies.set(timeKey, timed);
      }
      const bucket = requestBuckets.findIndex((bound) => seconds <= bound);
      if (bucket !== -1) timed.counts[bucket] = (timed.counts[bucket] ?? 0) + 1;
      timed.sum += seconds;
      timed.count += 1;
    },
    statement: (seconds) => statements.observe(seconds),
    sweep: (name, result) => sweeps.inc({ sweep: name, result }),
    email: (provider, result) => emails.inc({ provider, result }),
    payment: ({ provider, type }, result) => payments.inc({ provider, type, result }),
    watchPageCache: (cache) => void pageCaches.push(cache),
    watchConnections: (source) => void connectionSources.push(source),
    watchAdmission: (source) => void admissions.push(source),
    exposition: async () => ({ text: await registry.metrics(), contentType: registry.contentType }),
  };
}
