// The production server (`node server.js`) as a child process, with what a test needs of it: a fresh
// data folder, its log lines, its port, a graceful stop. No test runner here: the Vitest suites use it
// through server-process.ts, the end-to-end suite directly.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { within } from "../../server/time-limit";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const entry = path.join(root, "build/server/index.js");

export type LogLine = Record<string, unknown>;
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  logs: () => LogLine[];
  exited: Promise<Exit>;
};

/** The servers still running (useServerProcesses kills what a failed test left). */
export const running = new Set<ServerProcess>();
/** Data folders made by freshDataDir, for the caller to remove. */
export const tempDirs: string[] = [];

export async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kammare-server-test-"));
  tempDirs.push(dir);
  return dir;
}

export function startServer(settings: Record<string, string>): ServerProcess {
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

export function describeOutput(server: ServerProcess): string {
  return `stdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`;
}

/** Waits for a log line with the given msg; fails early if the process exits first. */
export async function waitForLog(server: ServerProcess, msg: string, timeoutMs = 20_000): Promise<LogLine> {
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

export async function listeningPort(server: ServerProcess, timeoutMs = startMs): Promise<number> {
  const line = await waitForLog(server, "listening", timeoutMs);
  if (typeof line.port !== "number") throw new Error(`"listening" without a port\n${describeOutput(server)}`);
  return line.port;
}

export async function stopServer(server: ServerProcess): Promise<Exit> {
  server.child.kill("SIGTERM");
  return within(server.exited, 10_000, "shutdown after SIGTERM");
}
