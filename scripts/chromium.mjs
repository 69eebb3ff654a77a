// Debian's Chromium for the end-to-end tests: where it is, and what `npm test` does when it is not there.
// The suite prefers Debian's `chromium-headless-shell`: the same Chromium, without the browser's own
// window and its WebUI (the omnibox popup and the like, rendered for every new context by Chromium 156's
// headless mode); it opens a context three times as fast here (20 contexts: 4.7 s against 13.9 s).
import { existsSync } from "node:fs";
import path from "node:path";

/** What installs it, run as root (as .ci/run does). */
export const installCommand =
  "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-headless-shell";

/**
 * CHROME_PATH when it is set (when that file does not exist there is no browser: a wrong setting is
 * not silently replaced by another one), else where Debian's packages install it: the headless shell
 * first, the whole browser otherwise.
 */
export function findChromium(env = process.env, exists = existsSync) {
  if (env.CHROME_PATH) return exists(env.CHROME_PATH) ? env.CHROME_PATH : undefined;
  return [
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/lib/chromium/chromium",
  ].find((candidate) => exists(candidate));
}

/** Whether `command` is an executable file in one of PATH's folders. */
export function onPath(command, env = process.env, exists = existsSync) {
  return (env.PATH ?? "").split(path.delimiter).some((dir) => dir !== "" && exists(path.join(dir, command)));
}

/**
 * What to do about the browser: use the one found; install Debian's package when the tests may (root,
 * apt-get present, CHROME_PATH unset); otherwise run without the end-to-end suite and give the advice.
 */
export function chromiumPlan({ env, found, isRoot, hasAptGet }) {
  // The whole browser where the headless shell could be had: installed first (both packages), as .ci/run does.
  const wantsShell = found && !env.CHROME_PATH && !found.includes("headless-shell") && isRoot && hasAptGet;
  if (found && !wantsShell) return { action: "use", path: found };
  if (env.CHROME_PATH) {
    return {
      action: "missing",
      advice:
        `CHROME_PATH is set to ${env.CHROME_PATH}, which does not exist. Point it at a Chromium binary, ` +
        "or unset it to use Debian's /usr/bin/chromium.",
    };
  }
  if (isRoot && hasAptGet) return { action: "install", ...(found ? { fallback: found } : {}) };
  if (!hasAptGet) {
    return {
      action: "missing",
      advice:
        "Chromium was not found and this machine has no apt-get. Install Chromium with its package manager, " +
        "then set CHROME_PATH to the binary and run `npm test` again.",
    };
  }
  return {
    action: "missing",
    advice:
      "Chromium was not found. Install Debian's package as root, then run `npm test` again:\n" +
      `  ${installCommand}\n` +
      `(from this account: su -c '${installCommand}', or put sudo before each apt-get where sudo is set up).`,
  };
}
