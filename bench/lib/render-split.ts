// Where an uncached render's time goes, measured before it is made faster: the app runs with
// PAGE_CACHE=off (and the page's data read each time, then kept: ADR 047) under node's --cpu-prof and serves /k/{id} (50 memories, 30 candles) one request
// after another, to a visitor in one process and to its signed-in owner in another; each process's
// CPU profile is then split by what its samples were running. A sample counts once, for the first of
// these its stack holds: the database (PGlite's WebAssembly, drizzle, pg), React's render, React
// Router (its request handling and the loader data's serialisation), the app's own code (loaders,
// rules, HTTP), and the rest (node, the garbage collector). Idle samples are left out: the shares are
// of the CPU time.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ServerBuild } from "./list.ts";
import { makeDataDir, removeDataDir, startApp, tempDir } from "./processes.ts";
import { benchProfilePath, ownerSessionCookie, prepareProfileData } from "./profile-page.ts";

export const splitParts = ["database", "render", "router", "app", "runtime"] as const;
export type SplitPart = (typeof splitParts)[number];

export type RenderSplit = {
  name: string;
  requests: number;
  /**
   * The request thread's CPU milliseconds per request, idle left out (profiling adds a little). The
   * embedded database's statements run in its worker thread (ADR 048), which is not profiled: its
   * share here is drizzle's and the hand-over's, on the request thread.
   */
  cpuMsPerRequest: number;
  /** Each part's share of the CPU time, 0 to 1. */
  shares: Record<SplitPart, number>;
};

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** Now on the clock a CPU profile's timestamps use (the monotonic one, in microseconds). */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The part a frame belongs to, or null when it says nothing (a frame of the app bundle counts last). */
function partOf(frame: ProfileNode["callFrame"]): SplitPart | "app-bundle" | "idle" | null {
  const { url, functionName } = frame;
  if (functionName === "(idle)") return "idle";
  if (url.startsWith("wasm://") || /@electric-sql\/pglite|drizzle-orm|node_modules\/pg(-[a-z]+)?\//.test(url))
    return "database";
  if (/node_modules\/react-dom\//.test(url)) return "render";
  // React Router is bundled into the server build, in a file of its own (ADR 051).
  if (/node_modules\/(react-router|@react-router)\/|\/build\/server\/assets\/react-router-/.test(url))
    return "router";
  if (url.includes("/build/server/")) return "app-bundle";
  return null;
}

/**
 * Splits a CPU profile's samples by part, those taken within `window` (microseconds on the monotonic
 * clock) when given; answers the CPU milliseconds of each.
 */
export function splitProfile(
  profile: CpuProfile,
  window?: { from: number; to: number },
): Record<SplitPart, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOfNode = new Map<number, SplitPart | "idle">();
  const classify = (id: number): SplitPart | "idle" => {
    const known = partOfNode.get(id);
    if (known) return known;
    // Leaf first: the database wins over the render that waits on it, the render over the app's
    // components it calls, and the app's bundle counts only where nothing else on the stack does.
    let found: SplitPart | "idle" | null = null;
    let inApp = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      const part = partOf(frame);
      if (part === "idle") {
        found = "idle";
        break;
      }
      if (part === "database") {
        found = "database";
        break;
      }
      if (part === "app-bundle") inApp = true;
      else if (part && !found) found = part;
    }
    const result = found ?? (inApp ? "app" : "runtime");
    partOfNode.set(id, result);
    return result;
  };
  const ms = Object.fromEntries(splitParts.map((part) => [part, 0])) as Record<SplitPart, number>;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.from || at > window.to)) return;
    const part = classify(id);
    if (part !== "idle") ms[part] += delta / 1000;
  });
  return ms;
}

async function profiledRun(
  build: ServerBuild,
  name: string,
  requests: number,
  owner: boolean,
  keptData: boolean,
): Promise<RenderSplit> {
  const dataDir = await makeDataDir();
  const profileDir = await tempDir("kammare-bench-cpuprof-");
  const window = { from: 0, to: 0 };
  try {
    await prepareProfileData(build, { dataDir });
    const app = await startApp({
      dataDir,
      keepData: true,
      env: { PAGE_CACHE: "off", PAGE_DATA_CACHE: keptData ? "on" : "off" },
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
    });
    try {
      const headers: Record<string, string> = owner ? { cookie: await ownerSessionCookie(app.url) } : {};
      const get = async () => {
        const response = await fetch(`${app.url}${benchProfilePath}`, {
          headers,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(`${name}: ${benchProfilePath} answered ${response.status}`);
      };
      // Untimed first: the first renders compile and fill what a steady server has warm; the start,
      // the sign-in and these are outside the window the split counts.
      for (let index = 0; index < 20; index++) await get();
      window.from = nowMicros();
      for (let index = 0; index < requests; index++) await get();
      window.to = nowMicros();
    } finally {
      // The profile is written as the process exits.
      await app.stop();
    }
    // One profile a thread, named CPU.{date}.{time}.{pid}.{thread}.{n}.cpuprofile: thread 0 is the
    // request thread.
    const files = (await readdir(profileDir)).filter((entry) => entry.endsWith(".cpuprofile"));
    const thread = (file: string) => Number(file.split(".").at(-3));
    const read = async (file: string) =>
      JSON.parse(await readFile(path.join(profileDir, file), "utf8")) as CpuProfile;
    const main = files.find((file) => thread(file) === 0);
    if (!main) throw new Error(`${name}: the app wrote no CPU profile of its request thread`);
    const ms = splitProfile(await read(main), window);
    const total = splitParts.reduce((sum, part) => sum + ms[part], 0);

    return {
      name,
      requests,
      cpuMsPerRequest: total / requests,
      shares: Object.fromEntries(splitParts.map((part) => [part, total ? ms[part] / total : 0])) as Record<
        SplitPart,
        number
      >,
    };
  } finally {
    await removeDataDir(dataDir);
    await removeDataDir(profileDir);
  }
}

/**
 * The split of the uncached /k/{id} for a visitor and for its owner, each with the page's data read
 * on every render (PAGE_DATA_CACHE=off, as before ADR 047) and kept (the default), in the same run.
 */
export async function runRenderSplit(build: ServerBuild, requests = 200): Promise<RenderSplit[]> {
  const runs: RenderSplit[] = [];
  for (const keptData of [false, true]) {
    const data = keptData ? "data kept" : "data read each time";
    runs.push(await profiledRun(build, `uncached /k/{id} (visitor), ${data}`, requests, false, keptData));
    runs.push(await profiledRun(build, `owner's /k/{id} (signed in), ${data}`, requests, true, keptData));
  }
  return runs;
}
