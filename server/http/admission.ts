// How many requests do their work at once (ADR 049). The app has one thread for its JavaScript: with
// two hundred renders and API calls in progress, each of their steps between two statements takes
// its turn on that thread before a cached page that is ready to go out. Letting only a few work at
// once (the others wait, costing nothing) keeps that line short, so a cache hit or a health check
// waits for a few steps, not for hundreds, and so does the render that refills the cache after a
// change, which goes ahead of the others: everyone waiting for that page waits for it.
import type { MiddlewareHandler } from "hono";

export type AdmissionStats = { running: number; waiting: number; admitted: number; queued: number };

export type Admission = {
  /**
   * Runs `work` when a turn is free: at once while fewer than the limit run, otherwise after those
   * that waited before it; `first` puts it ahead of those (but after others that came first).
   */
  admit<T>(work: () => Promise<T>, options?: { first?: boolean }): Promise<T>;
  /** What runs and waits now; how many were admitted, and how many of them had to wait. */
  stats(): AdmissionStats;
};

export function createAdmission(limit: number): Admission {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`admission limit must be at least 1, got ${limit}`);
  let running = 0;
  let admitted = 0;
  let queued = 0;
  // Two lines, each first come first served: a waiting `first` leaves before any other.
  const firsts: (() => void)[] = [];
  const others: (() => void)[] = [];

  // A finished turn goes straight to the next in line, so `running` never drops below the limit
  // while anyone waits.
  function release(): void {
    const next = firsts.shift() ?? others.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async admit(work, options = {}) {
      admitted += 1;
      if (running < limit) running += 1;
      else {
        queued += 1;
        await new Promise<void>((resolve) => (options.first ? firsts : others).push(resolve));
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: firsts.length + others.length, admitted, queued }),
  };
}

/**
 * Admits each API call before its handler runs, once its body has arrived: a client that sends its
 * body slowly holds its own connection, never a turn. `streamed` names the calls whose handler streams
 * the body (a video clip to disk; a photo, refused unread when the server is full): those never take a
 * turn, as their work is waiting for bytes.
 */
export function admittedCalls(
  admission: Admission,
  streamed: (method: string, path: string) => boolean,
): MiddlewareHandler {
  return async (c, next) => {
    if (streamed(c.req.method, c.req.path)) return next();
    // Read into Hono's body cache: the handler's own read (readJson, readFormData) takes it from there.
    if (c.req.raw.body) await c.req.arrayBuffer();
    await admission.admit(next);
  };
}
