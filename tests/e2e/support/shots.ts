// Full-page screenshots at the two sizes every screen is looked at (1280 x 800 and 390 x 844), taken
// only when SHOTS_DIR names a folder: `SHOTS_DIR=/tmp/shots npx playwright test …`. CI takes none.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

/** Writes `{name}-1280.png` and `{name}-390.png`, then puts the page back at its own size. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const size = page.viewportSize();
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${viewport.width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
