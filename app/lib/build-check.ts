// Notices a newer build (checked once an hour) so the next navigation loads as a full page,
// and keeps forced page loads at least 10 seconds apart so a broken build cannot loop.
import { api } from "./api";

export const buildCheckIntervalMs = 60 * 60 * 1000;
export const reloadGuardMs = 10 * 1000;
const guardKey = "kammare:last-forced-load";

let newerBuildSeen = false;

export function startBuildCheck(currentBuildId: string): () => void {
  const timer = window.setInterval(async () => {
    try {
      const info = await api.get("/build");
      if (info.buildId !== currentBuildId) newerBuildSeen = true;
    } catch {
      // Offline or a deploy in progress: try again next hour.
    }
  }, buildCheckIntervalMs);
  return () => window.clearInterval(timer);
}

export function isNewerBuildSeen(): boolean {
  return newerBuildSeen;
}

/** True (and the time noted) when no forced load happened in the last 10 s. */
export function claimForcedLoad(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(guardKey) ?? 0);
    if (now - last < reloadGuardMs) return false;
    window.sessionStorage.setItem(guardKey, String(now));
    return true;
  } catch {
    return false;
  }
}

/** Loads the URL as a full page, unless the guard says a forced load just happened. */
export function forceFullLoad(url: string): boolean {
  if (!claimForcedLoad()) return false;
  window.location.assign(url);
  return true;
}
