// Plain-text tables and the JSON results file.
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A table with a header row; columns after the first are right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

export const integer = (value: number) => Math.round(value).toLocaleString("en-US");
export const decimal = (value: number, digits = 1) => value.toFixed(digits);
export const verdict = (passed: boolean) => (passed ? "PASS" : "FAIL");
/** Kilobytes of 1000 bytes, as Vite prints them. */
export const kB = (bytes: number) => (bytes / 1000).toFixed(1);

export type Environment = {
  date: string;
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  commit: string | null;
  /** Whether the working tree had uncommitted changes. */
  dirty: boolean | null;
  /** 1-minute load average when the run started; other work on the machine skews the figures. */
  loadAverage: number;
};

function git(root: string, args: string[]): string | null {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function environment(root: string): Environment {
  const status = git(root, ["status", "--porcelain"]);
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    commit: git(root, ["rev-parse", "--short", "HEAD"]),
    dirty: status === null ? null : status !== "",
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** Writes `data` as JSON to `file`, creating its folder; returns the path. */
export async function writeJson(file: string, data: unknown): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
