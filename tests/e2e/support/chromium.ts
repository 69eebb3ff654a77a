// Finds Debian's Chromium: CHROME_PATH if set, else where the `chromium` package installs it.
import { existsSync } from "node:fs";

export const chromiumInstallHelp =
  "Chromium was not found. Install Debian's package: `sudo apt-get update && sudo apt-get install -y chromium` " +
  "(it installs /usr/bin/chromium), or set CHROME_PATH to a Chromium binary. Do not run `npx playwright install`.";

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/lib/chromium/chromium"];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}
