// HTTP load with autocannon, run in the benchmark process against servers in other processes.
import autocannon from "autocannon";

export type LoadSettings = {
  /** Concurrent keep-alive connections. */
  connections: number;
  /** Warm-up per target, not counted. */
  warmupSeconds: number;
  /** Measured time per target, split over the rounds. */
  seconds: number;
  /** Targets are measured in turn, round after round, so drift affects them alike. */
  rounds: number;
};

export type Target = { name: string; url: string; headers?: Record<string, string> };

export type Round = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  bytes: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

export type TargetResult = Target & {
  requests: number;
  seconds: number;
  /** All measured requests over all measured time. */
  requestsPerSecond: number;
  /** Mean of the rounds' medians, weighted by their requests. */
  latencyP50Ms: number;
  /** Worst round's 99th percentile. */
  latencyP99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  rounds: Round[];
};

/** One autocannon run of `seconds` against `url`. */
export async function runLoad(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Round> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    headers,
  });
  const requests = result.requests.total;
  return {
    requests,
    seconds: result.duration,
    requestsPerSecond: result.duration > 0 ? requests / result.duration : 0,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    bytes: result.throughput.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

function summarize(target: Target, rounds: Round[]): TargetResult {
  const sum = (pick: (round: Round) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const requests = sum((round) => round.requests);
  const seconds = Math.round(sum((round) => round.seconds) * 100) / 100;
  return {
    ...target,
    requests,
    seconds,
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    latencyP50Ms: requests > 0 ? sum((round) => round.latencyP50Ms * round.requests) / requests : 0,
    latencyP99Ms: Math.max(0, ...rounds.map((round) => round.latencyP99Ms)),
    errors: sum((round) => round.errors),
    timeouts: sum((round) => round.timeouts),
    non2xx: sum((round) => round.non2xx),
    rounds,
  };
}

/** Warms every target up, then measures them in turn for `rounds` rounds. */
export async function compare(
  targets: Target[],
  settings: LoadSettings,
  log: (line: string) => void = () => {},
): Promise<TargetResult[]> {
  if (settings.warmupSeconds > 0) {
    for (const target of targets) {
      log(`warm-up   ${target.name}: ${settings.warmupSeconds} s`);
      await runLoad(target.url, settings.connections, settings.warmupSeconds, target.headers);
    }
  }
  const perRound = settings.seconds / settings.rounds;
  const rounds = targets.map((): Round[] => []);
  for (let round = 1; round <= settings.rounds; round++) {
    for (const [index, target] of targets.entries()) {
      log(`round ${round}/${settings.rounds} ${target.name}: ${perRound} s`);
      rounds[index]?.push(await runLoad(target.url, settings.connections, perRound, target.headers));
    }
  }
  return targets.map((target, index) => summarize(target, rounds[index] ?? []));
}
