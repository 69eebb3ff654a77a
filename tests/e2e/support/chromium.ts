// Finds Debian's Chromium: CHROME_PATH if set, else where the `chromium` package installs it.
import { findChromium } from "../../../scripts/chromium.mjs";

export function chromiumPath(): string | undefined {
  return findChromium();
}
