// The soak's load part: a mixed workload from many connections for a while, every answer checked,
// with throughput, latency by kind of request and the app's resident memory.
import autocannon from "autocannon";
import type { ServerBuild } from "./list.ts";
import { startApp, type Running } from "./processes.ts";
import { residentMegabytes } from "../../tests/support/resident-memory.ts";
import { benchOwner, benchProfileId } from "./profile-page.ts";
import { newPlace, seed, signIn } from "./soak-data.ts";
import { admin, list, log, settings } from "./soak-settings.ts";

/** Resident memory of a process, in MB (Linux). */
const residentMb = (pid: number) => residentMegabytes(pid).now;

const publicPage = "public page";
export const cachedPublicPage = "public page, cached";
const renderedPublicPage = "public page, rendered after a change";

export type LoadResult = {
  engine: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  unexpected: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
  /** Per kind of request: its latencies' p50, p99 and maximum, in ms. */
  latencyByKind: Record<string, { p50: number; p99: number; max: number }>;
  errors: number;
  timeouts: number;
  errorsByKind: Record<string, number>;
  memoryMb: { afterWarmUp: number; peak: number; end: number; samples: number[] };
};

export async function runLoadPart(build: ServerBuild, engine: string): Promise<LoadResult> {
  const place = await newPlace(engine);
  let app: Running | undefined;
  try {
    const pages = await seed(build, place, 1);
    // SOAK_PROFILE=DIR: the app writes a V8 CPU profile of the run there when it stops.
    const profile = process.env.SOAK_PROFILE;
    app = await startApp({
      dataDir: place.dataDir,
      databaseUrl: place.url,
      keepData: true,
      nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
    });
    const pid = app.pid as number;
    const appUrl = app.url;
    const ownerToken = await signIn(app.url, benchOwner);
    const adminToken = await signIn(app.url, admin);
    const json = { "Content-Type": "application/json" };
    // What each connection asks in turn, with the answers each may get.
    const mix: { kind: string; expect: number[]; request: autocannon.Request }[] = [
      ...Array.from({ length: 4 }, () => ({
        kind: publicPage,
        expect: [200],
        request: { method: "GET" as const, path: `/k/${benchProfileId}` },
      })),
      {
        kind: "admin list",
        expect: [200],
        request: {
          method: "GET",
          path: "/api/admin/profiles?limit=25",
          headers: { Authorization: `Bearer ${adminToken}` },
        },
      },
      {
        kind: "edit",
        expect: [200],
        request: {
          method: "PUT",
          path: "/api/kammare/profile",
          headers: { ...json, Authorization: `Bearer ${ownerToken}` },
          body: JSON.stringify({ profile: { id: benchProfileId, subtitle: "1931–2024 · nurse, singer" } }),
        },
      },
      {
        kind: "checkout",
        expect: [200],
        request: {
          method: "POST",
          path: "/api/checkout/card",
          headers: { ...json, Authorization: `Bearer ${ownerToken}` },
          body: JSON.stringify({ profileId: pages[0], plan: "monthly" }),
        },
      },
      {
        kind: "sign-in",
        expect: [200, 429],
        request: {
          method: "POST",
          path: "/api/auth/login",
          headers: json,
          body: JSON.stringify({ type: "email", ...benchOwner }),
        },
      },
    ];
    const byKind: Record<string, Record<string, number>> = {};
    const latencies: Record<string, number[]> = {};
    const unexpected: Record<string, number> = {};
    // SOAK_KINDS picks kinds of the mix, e.g. to measure what one kind alone costs.
    const kinds = list("SOAK_KINDS", [...new Set(mix.map((item) => item.kind))]);
    let measuredFrom = 0;
    const requests = mix
      .filter((item) => kinds.includes(item.kind))
      .map(({ kind, expect, request }) => {
        const countStatus = (status: number) => {
          const counts = (byKind[kind] ??= {});
          counts[status] = (counts[status] ?? 0) + 1;
          if (!expect.includes(status))
            unexpected[`${kind} ${status}`] = (unexpected[`${kind} ${status}`] ?? 0) + 1;
        };
        return {
          ...request,
          // Each connection has one request in flight: its context holds when that one was sent.
          setupRequest: (sent: autocannon.Request, context: object) => {
            (context as { sentAt?: number }).sentAt = performance.now();
            return sent;
          },
          onResponse: (status: number, _body: string, context: object, headers?: Record<string, unknown>) => {
            const sentAt = (context as { sentAt?: number }).sentAt ?? performance.now();
            // Left out: what was sent while the run's connections were being opened, all at once (a
            // connection's first answer waits for it: a few hundred ms of the first second, every kind).
            if (sentAt < measuredFrom) return countStatus(status);
            const took = performance.now() - sentAt;
            (latencies[kind] ??= []).push(took);
            // The public page's budget is the cached page's: its latency apart from the renders after an
            // edit of the same page (each drops it from the cache) and those waiting for them.
            if (kind === publicPage) {
              // autocannon hands the headers as they came, in their sender's case.
              const cached = headers?.["X-Cache"] === "HIT" || headers?.["x-cache"] === "HIT";
              (latencies[cached ? cachedPublicPage : renderedPublicPage] ??= []).push(took);
            }
            countStatus(status);
          },
        };
      });

    log(`${engine}: warming up for 5 s`);
    await autocannon({ url: app.url, connections: 20, duration: 5, requests });
    for (const key of Object.keys(byKind)) delete byKind[key];
    for (const key of Object.keys(latencies)) delete latencies[key];
    for (const key of Object.keys(unexpected)) delete unexpected[key];
    const afterWarmUp = residentMb(pid);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(Math.round(residentMb(pid))), 1000);
    log(`${engine}: ${settings.connections} connections for ${settings.seconds} s`);
    const errorsByKind: Record<string, number> = {};
    measuredFrom = performance.now() + 1000;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options = {
        url: appUrl,
        connections: settings.connections,
        duration: settings.seconds,
        timeout: 10,
        requests,
      };
      const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
      instance.on("reqError", (error: Error & { code?: string }) => {
        const key = error.code ?? error.message;
        errorsByKind[key] = (errorsByKind[key] ?? 0) + 1;
      });
    });
    clearInterval(sampler);
    return {
      engine,
      connections: settings.connections,
      seconds: result.duration,
      requests: result.requests.total,
      requestsPerSecond: result.requests.total / result.duration,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      unexpected,
      byKind,
      latencyByKind: Object.fromEntries(
        Object.entries(latencies).map(([kind, values]) => {
          const sorted = values.sort((a, b) => a - b);
          const at = (share: number) => Math.round(sorted[Math.floor(share * (sorted.length - 1))] ?? 0);
          return [kind, { p50: at(0.5), p99: at(0.99), max: at(1) }];
        }),
      ),
      errors: result.errors,
      timeouts: result.timeouts,
      // Connections autocannon closes when the time is up, with their requests unanswered: not errors.
      errorsByKind,
      memoryMb: {
        afterWarmUp: Math.round(afterWarmUp),
        peak: Math.max(...samples),
        end: samples.at(-1) ?? 0,
        samples,
      },
    };
  } finally {
    await app?.stop();
    await place.drop();
  }
}
