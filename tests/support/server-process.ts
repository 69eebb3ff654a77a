// The production server (`node server.js`) as child processes, for the tests that start it: the
// server-lifecycle tests and the several-processes tests. useServerProcesses() registers the hooks
// (build when missing; kill what a failed test left running; remove data folders) and gives helpers.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, expect } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const entry = path.join(root, "build/server/index.js");

export type LogLine = Record<string, unknown>;
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  logs: () => LogLine[];
  exited: Promise<Exit>;
};

const running = new Set<ServerProcess>();
const tempDirs: string[] = [];

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kammare-server-test-"));
  tempDirs.push(dir);
  return dir;
}

function startServer(settings: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    // A clean environment: only what an operator would set, not the test runner's variables.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    logs: () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as LogLine];
          } catch {
            return [];
          }
        }),
    exited,
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

function describeOutput(server: ServerProcess): string {
  return `stdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`;
}

/** Waits for a log line with the given msg; fails early if the process exits first. */
async function waitForLog(server: ServerProcess, msg: string, timeoutMs = 20_000): Promise<LogLine> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  for (;;) {
    const line = server.logs().find((entry) => entry.msg === msg);
    if (line) return line;
    if (exited) throw new Error(`server exited before logging "${msg}"\n${describeOutput(server)}`);
    if (Date.now() > deadline)
      throw new Error(`no "${msg}" log within ${timeoutMs} ms\n${describeOutput(server)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * How long a start may take: a fresh data folder runs PGlite's initdb in a new process (WebAssembly
 * compiled cold), 5 s on a quiet machine, and over 20 s on two cores shared with the other test files
 * (the fuzz test's thousands of requests) and another run of the suite.
 */
export const startMs = 60_000;

async function listeningPort(server: ServerProcess): Promise<number> {
  const line = await waitForLog(server, "listening", startMs);
  expect(typeof line.port).toBe("number");
  return line.port as number;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function stopServer(server: ServerProcess): Promise<Exit> {
  server.child.kill("SIGTERM");
  return within(server.exited, 10_000, "shutdown after SIGTERM");
}

/** Registers the hooks of a file that starts servers, and returns the helpers. */
export function useServerProcesses() {
  beforeAll(() => {
    if (existsSync(entry)) return;
    const build = spawnSync("npm", ["run", "-s", "build"], { cwd: root, encoding: "utf8", timeout: 120_000 });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }, 150_000);

  afterEach(async () => {
    // A test that failed half-way must not leave a server behind.
    for (const server of [...running]) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });

  afterAll(async () => {
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return { freshDataDir, startServer, waitForLog, listeningPort, within, stopServer, describeOutput };
}
