// The settings of `npm run bench`, read once from the environment (see bench/run.ts), and its log.
import type { LoadSettings } from "./load.ts";

function setting(name: string, fallback: number, { integerOnly = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integerOnly && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integerOnly ? "integer" : "number"}, got "${raw}"`);
  }
  return value;
}

function onOff(name: string): boolean {
  const raw = (process.env[name] ?? "on").trim();
  if (raw === "on" || raw === "") return true;
  if (raw === "off") return false;
  throw new Error(`${name} must be on or off, got "${raw}"`);
}

export const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

export type Settings = LoadSettings & {
  http: boolean;
  list: boolean;
  print: boolean;
  privacy: boolean;
  /** An uploaded clip's conversion with ffmpeg (bench/lib/video.ts). */
  video: boolean;
  /** A family's 50 photos of 4000 x 3000 uploaded to the server (lib/photo-uploads.ts). */
  photos: boolean;
  /** The keepsake of a page with 200 photos and 500 memories: its ZIP and book (lib/keepsake.ts). */
  keepsake: boolean;
  /** The static copy of 10,000 pages and a rerun with one changed (lib/static-export.ts, ADR 046). */
  staticCopy: boolean;
  /** The uncached render's CPU profile split (with the HTTP part), and its requests per viewer. */
  split: boolean;
  splitRequests: number;
  listProfiles: number;
  listRuns: number;
};

function readSettings(): Settings {
  try {
    return {
      seconds: setting("BENCH_SECONDS", 8),
      warmupSeconds: process.env.BENCH_WARMUP_SECONDS === "0" ? 0 : setting("BENCH_WARMUP_SECONDS", 2),
      connections: setting("BENCH_CONNECTIONS", 50, { integerOnly: true }),
      rounds: setting("BENCH_ROUNDS", 2, { integerOnly: true }),
      http: onOff("BENCH_HTTP"),
      list: onOff("BENCH_LIST"),
      print: onOff("BENCH_PRINT"),
      privacy: onOff("BENCH_PRIVACY"),
      video: onOff("BENCH_VIDEO"),
      photos: onOff("BENCH_PHOTOS"),
      keepsake: onOff("BENCH_KEEPSAKE"),
      staticCopy: onOff("BENCH_STATIC"),
      split: onOff("BENCH_SPLIT"),
      splitRequests: setting("BENCH_SPLIT_REQUESTS", 200, { integerOnly: true }),
      listProfiles: setting("BENCH_LIST_PROFILES", 1_000_000, { integerOnly: true }),
      listRuns: setting("BENCH_LIST_RUNS", 50, { integerOnly: true }),
    };
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

export const settings = readSettings();
