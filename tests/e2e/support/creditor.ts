// The company's invoicing identity for the end-to-end suite. Invoices need a creditor, and the specs run
// in parallel on one database, so every spec that needs one saves these same values (as
// tests/e2e/creditor.spec.ts does through the screen): whichever runs first, the others see the same.
import { expect, type Browser } from "@playwright/test";
import { asAdmin } from "./pages";
import { appUrl } from "./ports";

export const testCreditor = {
  name: "Kammare AB",
  orgNumber: "556012-5790",
  vatNumber: "SE556012579001",
  addressLines: ["Storgatan 1", "111 22 Stockholm"],
  bankgiro: "5402-9681",
  plusgiro: null,
  seat: "Stockholm",
  fSkatt: true,
  email: "faktura@kammare.se",
  phone: null,
  logoUrl: null,
  termsDays: 20,
  reminderFeeOre: 6000,
  lateInterestText: null,
} as const;

/** Saves {@link testCreditor} unless a creditor is already there. */
export async function ensureCreditor(browser: Browser): Promise<void> {
  await asAdmin(browser, async (request, token) => {
    const headers = { Authorization: `Bearer ${token}`, Origin: appUrl };
    const current = await request.get("/api/admin/creditor", { headers });
    expect(current.status()).toBe(200);
    if (((await current.json()) as { creditor: unknown }).creditor) return;
    const saved = await request.put("/api/admin/creditor", { data: testCreditor, headers });
    expect(saved.status(), await saved.text()).toBe(200);
  });
}
