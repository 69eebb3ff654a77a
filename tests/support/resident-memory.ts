// A process's resident memory as Linux counts it, for the tests and benchmarks that hold it to a budget.
import { readFileSync } from "node:fs";

/** The process's resident memory now and at its peak (VmRSS, VmHWM), in MB. */
export function residentMegabytes(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) / 1024;
  return { now: field("VmRSS"), peak: field("VmHWM") };
}
