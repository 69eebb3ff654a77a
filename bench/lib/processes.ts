// Child processes for benchmarks: the production build, the app server and a bare node:http server.
// Every child is tracked and killed when the benchmark ends, fails or is interrupted.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const serverEntry = path.join(root, "build/server/index.js");
export const clientDir = path.join(root, "build/client");

const host = "127.0.0.1";
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/**
 * Kills every child still running and removes the temporary folders; synchronous so it also
 * works in an `exit` handler and on SIGINT.
 */
export function cleanUpNow(): void {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

process.once("exit", cleanUpNow);

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL when the child has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (hasExited(child)) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Keeps the last lines a child printed, for the error message when it dies, and forwards them. */
function collectOutput(child: ChildProcess, prefix: string): () => string {
  const lines: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      lines.push(line);
      if (lines.length > 20) lines.shift();
      process.stderr.write(`${prefix} ${line}\n`);
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return () => lines.join("\n");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("could not get a free port");
  return address.port;
}

/** Runs `npm run -s build` when the production build is missing. Returns whether it built. */
export async function ensureBuild(): Promise<boolean> {
  if (existsSync(serverEntry) && existsSync(clientDir)) return false;
  process.stderr.write("bench: build/ is missing, running `npm run -s build`…\n");
  const child = track(spawn("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" }));
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed (exit code ${code})`);
  return true;
}

const sourceFolders = ["app", "server", "contract"];

/**
 * The newest source file changed after the build was made, or null: figures from an older build
 * do not describe the code in the tree.
 */
export async function newerSource(): Promise<string | null> {
  if (!existsSync(serverEntry)) return null;
  const built = (await stat(serverEntry)).mtimeMs;
  let newest: { file: string; at: number } | null = null;
  for (const folder of sourceFolders) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const at = (await stat(file)).mtimeMs;
      if (at > built && (!newest || at > newest.at)) newest = { file, at };
    }
  }
  return newest ? path.relative(root, newest.file) : null;
}

export type Running = { url: string; stop: () => Promise<void>; pid?: number };

/** A temporary folder, removed when the benchmark ends (or by `removeDataDir`). */
export const makeDataDir = () => tempDir("kammare-bench-data-");
export const removeDataDir = (dir: string) => removeTempDir(dir);

export type AppOptions = {
  timeoutMs?: number;
  /** The app's DATA_DIR, prepared beforehand (made with makeDataDir); a fresh empty one if absent. */
  dataDir?: string;
  /** More settings, e.g. PAGE_CACHE=off. */
  env?: Record<string, string>;
  /** A PostgreSQL database to use instead of the embedded one (the soak's second engine). */
  databaseUrl?: string;
  /** Keep the data folder when stopped (a restart on the same data, as the crash soak does). */
  keepData?: boolean;
  /** Options for node itself, e.g. --cpu-prof (which NODE_OPTIONS does not allow). */
  nodeArgs?: string[];
};

/**
 * Starts the production server (`node server.js`) on a free port of 127.0.0.1 with an embedded
 * database in a temporary folder (fresh and empty unless given), and waits until /api/health answers.
 */
export async function startApp({ timeoutMs = 60_000, ...options }: AppOptions = {}): Promise<Running> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await tempDir("kammare-bench-data-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    // As `npm start` runs the server (package.json; ADR 037): glibc then gives freed memory back.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    ...options.env,
  };
  // "unset": glibc's own default, one arena per thread (the photo bench's comparison).
  if (env.MALLOC_ARENA_MAX === "unset") delete env.MALLOC_ARENA_MAX;
  // The benchmark uses its own embedded database, unless given a server's, and its local address.
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  delete env.PUBLIC_URL;
  const child = track(
    spawn(process.execPath, [...(options.nodeArgs ?? []), "server.js"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const output = collectOutput(child, "[app]");
  const url = `http://${host}:${port}`;
  const stop = async () => {
    await stopChild(child);
    if (!options.keepData) await removeTempDir(dataDir);
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (hasExited(child)) throw new Error(`the app exited before it was ready:\n${output()}`);
      if (Date.now() > deadline) throw new Error(`the app was not ready after ${timeoutMs} ms:\n${output()}`);
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        if (response.ok) return { url, stop, pid: child.pid };
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts a bare node:http server in its own process that answers every request with `body`
 * and `contentType`, so it does not share an event loop with the load generator.
 */
export async function startBareServer(body: Buffer, contentType: string, { timeoutMs = 10_000 } = {}) {
  const dir = await tempDir("kammare-bench-body-");
  const bodyFile = path.join(dir, "body");
  await writeFile(bodyFile, body);
  const child = track(
    spawn(process.execPath, [path.join(import.meta.dirname, "bare-server.mjs")], {
      cwd: root,
      env: { ...process.env, BENCH_BODY_FILE: bodyFile, BENCH_CONTENT_TYPE: contentType },
      // stdin stays open: the server exits when it closes, i.e. when the benchmark process dies.
      stdio: ["pipe", "pipe", "pipe"],
    }),
  );
  const stop = async () => {
    await stopChild(child);
    await removeTempDir(dir);
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let buffered = "";
      const timer = setTimeout(() => reject(new Error("the bare server did not start")), timeoutMs);
      child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[bare] ${chunk.toString("utf8")}`));
      child.stdout?.on("data", (chunk: Buffer) => {
        buffered += chunk.toString("utf8");
        const newline = buffered.indexOf("\n");
        if (newline === -1) return;
        clearTimeout(timer);
        const message = JSON.parse(buffered.slice(0, newline)) as { port?: unknown };
        if (typeof message.port === "number") resolve(message.port);
        else reject(new Error(`unexpected output from the bare server: ${buffered}`));
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the bare server exited (code ${code})`));
      });
    });
    return { url: `http://${host}:${port}`, stop } satisfies Running;
  } catch (error) {
    await stop();
    throw error;
  }
}
