// PostgreSQL's client tools (pg_dump, pg_restore, psql) as the backups run them: the password in
// PGPASSWORD, never on a command line; a missing or too old tool named with what to install.
import { spawn, type ChildProcess } from "node:child_process";
import { BackupError } from "./backup-error";

export const pgDumpMissing =
  "pg_dump was not found: install PostgreSQL's client tools of the server's major version or newer " +
  "(Debian/Ubuntu: apt install postgresql-client-16 for a 16 server), or take the backups with the " +
  "database service's own tooling (README, Backups).";

type Ran = { code: number | null; stdout: string; stderr: string };

/** How a tool reaches the database at `url`: its password in the environment, the rest as --dbname. */
function reaching(url?: string): { env: NodeJS.ProcessEnv; args: string[] } {
  const env = { ...process.env };
  if (!url) return { env, args: [] };
  const address = new URL(url);
  if (address.password) env.PGPASSWORD = decodeURIComponent(address.password);
  address.password = "";
  return { env, args: [`--dbname=${address.toString()}`] };
}

const missingTool = (tool: string) =>
  new BackupError(tool === "pg_dump" ? pgDumpMissing : pgDumpMissing.replace("pg_dump", tool));

/** Runs a PostgreSQL client tool; its password goes in PGPASSWORD, never on its command line. */
export function runPgTool(tool: string, args: string[], url?: string): Promise<Ran> {
  const { env, args: connection } = reaching(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, ...connection], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? missingTool(tool) : error),
    );
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A child's exit code and what it wrote to stderr. */
function finished(child: ChildProcess, tool: string): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? missingTool(tool) : error),
    );
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

/** The first error line a tool printed, without its `psql:<stdin>:12:` or `pg_restore:` prefix. */
function firstError(stderr: string): string {
  const lines = stderr.split("\n").filter((line) => line.trim());
  const error = lines.find((line) => /\b(ERROR|FATAL|error):/.test(line)) ?? lines[0] ?? "no message";
  return error.replace(/^.*?\b(ERROR|FATAL|error):\s*/, "").trim();
}

/**
 * Restores pg_dump's `dumpFile` into the database at `url` in one transaction: pg_restore's SQL is run
 * by psql between a BEGIN and a COMMIT, with `checkSql` last before the COMMIT. A statement or the
 * check that fails stops psql and rolls everything back, and so does a pg_restore that fails half-way
 * (no COMMIT is sent): the database is then as it was.
 */
export async function restoreInOneTransaction(
  dumpFile: string,
  url: string,
  checkSql: string,
): Promise<void> {
  const { env, args } = reaching(url);
  const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-", dumpFile], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const psql = spawn(
    "psql",
    ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--set=VERBOSITY=terse", "--file=-", ...args],
    { env, stdio: ["pipe", "ignore", "pipe"] },
  );
  // psql stopping at an error closes its input under pg_restore: that is told by psql's own message.
  psql.stdin.on("error", () => {});
  const restored = finished(restore, "pg_restore");
  const ran = finished(psql, "psql");
  // psql ends before pg_restore only when it stopped (or never started): pg_restore would wait forever
  // on its full output pipe.
  const stopRestore = () => void restore.kill();
  ran.then(stopRestore, stopRestore);
  psql.stdin.write("begin;\n");
  restore.stdout.pipe(psql.stdin, { end: false });
  const restoreResult = await restored.catch((error: unknown) => {
    psql.stdin.end();
    throw error;
  });
  psql.stdin.end(restoreResult.code === 0 ? `\n${checkSql}\ncommit;\n` : "");
  const psqlResult = await ran;
  if (psqlResult.code !== 0) throw new BackupError(firstError(psqlResult.stderr));
  if (restoreResult.code !== 0) {
    throw new BackupError(
      `pg_restore could not read the database's copy: ${firstError(restoreResult.stderr)}`,
    );
  }
}

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
export async function toolMajor(tool: string): Promise<number> {
  const ran = await runPgTool(tool, ["--version"]);
  const major = /(\d+)(?:\.\d+)?/.exec(ran.stdout)?.[1];
  if (ran.code !== 0 || !major) throw new BackupError(`${tool} --version failed: ${ran.stderr.trim()}`);
  return Number(major);
}

/** A tool older than the server cannot read or write its dumps. */
export function checkToolVersion(tool: string, toolVersion: number, serverVersion: string): void {
  const serverMajor = Number(/^(\d+)/.exec(serverVersion)?.[1] ?? 0);
  if (toolVersion < serverMajor) {
    throw new BackupError(
      `${tool} is version ${toolVersion} but the PostgreSQL server is ${serverVersion}: install the client tools of version ${serverMajor} or newer.`,
    );
  }
}
