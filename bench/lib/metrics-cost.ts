// The metrics' cost on the cached /k/{id} (at most 5 % of its throughput): two app processes
// on copies of the same data, one without METRICS_TOKEN (no metrics kept, no middleware) and one with
// it (every request counted and timed under its route pattern), loaded in the same run in pairs of
// rounds whose order alternates (AB, BA, AB, …), so drift and other work on the machine fall on both
// alike. Besides requests per second it counts the CPU time each process spent per request
// (/proc/{pid}/stat), the steadier figure when other work shares the machine. Afterwards the counted
// app's /metrics must show every request it answered under "/k/:id".
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { log, settings } from "./bench-settings.ts";
import { runLoad, type Round } from "./load.ts";
import { decimal, integer, table, verdict } from "./report.ts";

/** With metrics, the cached page keeps at least this share of its throughput without. */
export const metricsCostTarget = 0.95;

/** A token for the counted app: METRICS_TOKEN wants at least 32 characters. */
export const benchMetricsToken = randomBytes(24).toString("hex");

type App = { url: string; pid?: number };

export type MetricsSide = {
  name: string;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** CPU time of the app process (user and system, all its threads) per request, in microseconds. */
  cpuMicrosPerRequest: number | null;
  errors: number;
  non2xx: number;
  rounds: Round[];
};

export type MetricsCost = {
  without: MetricsSide;
  with: MetricsSide;
  /** Requests per second with metrics / without, each pair of rounds, and their median. */
  pairRatios: number[];
  medianRatio: number;
  /** Over all rounds together (the same time for each): decides. */
  overallRatio: number;
  /** CPU per request with metrics / without (1.02: 2 % more), when /proc is there to read. */
  cpuRatio: number | null;

  /** The counted app's own count of the page's requests (GET, "/k/:id", 200) after the load. */
  counted: number;
  passed: boolean;
};

const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used (user + system), or null where /proc is not there. */
async function cpuSeconds(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/** The value of one sample line of Prometheus' text, or 0 when absent. */
function sampleValue(text: string, line: string): number {
  const found = text.split("\n").find((each) => each.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function metricsCost(apps: { without: App; with: App }, path: string): Promise<MetricsCost> {
  const refused = await fetch(`${apps.with.url}/metrics`, { signal: AbortSignal.timeout(10_000) });
  await refused.arrayBuffer();
  if (refused.status !== 401) throw new Error(`/metrics without the token answered ${refused.status}`);
  const sides = [
    { name: "/k/{id} cached, no metrics", app: apps.without },
    { name: "/k/{id} cached, with metrics", app: apps.with },
  ];
  for (const side of sides) {
    log(`warm-up   ${side.name}: ${settings.warmupSeconds} s`);
    if (settings.warmupSeconds > 0) {
      await runLoad(`${side.app.url}${path}`, settings.connections, settings.warmupSeconds);
    }
  }
  // More and shorter rounds than the other targets: the difference sought is a few per cent.
  const pairs = Math.max(4, settings.rounds * 3);
  const seconds = settings.seconds * 2;
  const perRound = seconds / pairs;
  const rounds: Round[][] = [[], []];
  const cpu: (number | null)[] = [0, 0];
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const side = sides[index];
      if (!side) continue;
      log(`round ${pair + 1}/${pairs} ${side.name}: ${decimal(perRound, 2)} s`);
      const before = await cpuSeconds(side.app.pid);
      rounds[index]?.push(await runLoad(`${side.app.url}${path}`, settings.connections, perRound));
      const after = await cpuSeconds(side.app.pid);
      const used = cpu[index] ?? null;
      cpu[index] = before === null || after === null || used === null ? null : used + (after - before);
    }
  }
  const summary = (index: number): MetricsSide => {
    const own = rounds[index] ?? [];
    const sum = (pick: (round: Round) => number) => own.reduce((total, round) => total + pick(round), 0);
    const requests = sum((round) => round.requests);
    const spent = sum((round) => round.seconds);
    const used = cpu[index];
    return {
      name: sides[index]?.name ?? "",
      requests,
      seconds: spent,
      requestsPerSecond: spent > 0 ? requests / spent : 0,
      cpuMicrosPerRequest:
        used === null || used === undefined || requests === 0 ? null : (used / requests) * 1e6,
      errors: sum((round) => round.errors + round.timeouts),
      non2xx: sum((round) => round.non2xx),
      rounds: own,
    };
  };
  const without = summary(0);
  const withMetrics = summary(1);

  const scraped = await fetch(`${apps.with.url}/metrics`, {
    headers: { Authorization: `Bearer ${benchMetricsToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await scraped.text();
  if (scraped.status !== 200) throw new Error(`/metrics with the token answered ${scraped.status}`);
  const counted = sampleValue(text, 'kammare_http_requests_total{method="GET",route="/k/:id",status="200"}');
  if (counted < withMetrics.requests) {
    throw new Error(
      `/metrics counted ${counted} requests of /k/:id, fewer than the ${withMetrics.requests} made`,
    );
  }

  const pairRatios = withMetrics.rounds.map(
    (round, index) => round.requestsPerSecond / (without.rounds[index]?.requestsPerSecond ?? Number.NaN),
  );
  const medianRatio = median(pairRatios);
  const overallRatio = withMetrics.requestsPerSecond / without.requestsPerSecond;
  const cpuRatio =
    withMetrics.cpuMicrosPerRequest !== null && without.cpuMicrosPerRequest !== null
      ? withMetrics.cpuMicrosPerRequest / without.cpuMicrosPerRequest
      : null;
  const passed = overallRatio >= metricsCostTarget;
  console.log(
    `\nMetrics on the cached /k/{id}: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
      `${pairs} pairs of ${decimal(perRound, 2)} s rounds, each pair's order the other way round\n`,
  );
  console.log(
    table(
      ["app", "req/s", "CPU µs/request", "requests", "errors", "non-2xx", "req/s by round"],
      [without, withMetrics].map((side) => [
        side.name,
        integer(side.requestsPerSecond),
        side.cpuMicrosPerRequest === null ? "-" : decimal(side.cpuMicrosPerRequest, 1),
        integer(side.requests),
        integer(side.errors),
        integer(side.non2xx),
        side.rounds.map((round) => integer(round.requestsPerSecond)).join(" / "),
      ]),
    ),
  );
  console.log(
    `With metrics / without: ${decimal(overallRatio * 100)} % over all rounds (pairs: ` +
      `${pairRatios.map((each) => decimal(each * 100)).join(", ")}; median ${decimal(medianRatio * 100)} %); CPU per request ` +
      `${cpuRatio === null ? "not measured" : `${cpuRatio >= 1 ? "+" : ""}${decimal((cpuRatio - 1) * 100)} %`}; ` +
      `/metrics counted ${integer(counted)} requests of "/k/:id"`,
  );
  console.log(
    `Target: the cached /k/{id} with metrics at least ${metricsCostTarget * 100} % of its throughput without ` +
      `(all rounds together): ${verdict(passed)}`,
  );
  return {
    without,
    with: withMetrics,
    pairRatios,
    medianRatio,
    overallRatio,
    cpuRatio,
    counted,
    passed,
  };
}
