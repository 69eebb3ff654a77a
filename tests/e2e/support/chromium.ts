// Finds Debian's Chromium: CHROME_PATH if set, else where the `chromium` package installs it.
import { existsSync } from "node:fs";
import { findChromium } from "../../../scripts/chromium.mjs";

export function chromiumPath(): string | undefined {
  return findChromium();
}

/**
 * The whole browser (not its headless shell), for the specs posthog-js must take for a visitor's
 * browser: CHROME_PATH when set, else Debian's /usr/bin/chromium.
 */
export function wholeBrowserPath(): string | undefined {
  if (process.env.CHROME_PATH) return chromiumPath();
  return ["/usr/bin/chromium", "/usr/lib/chromium/chromium"].find((candidate) => existsSync(candidate));
}
