// The QR manager in the browser (ADR 015): an admin creates a batch of 24 pages, follows "Print their QR
// codes" to the manager with that batch chosen, checks one code (its SVG decodes to the page's address),
// downloads the print sheet, whose text has each of the 24 codes once, and sees them all marked
// printed. A search by code in Swedish finds one page; both languages pass axe.
import { readFile } from "node:fs/promises";
import { pdfTextRuns } from "../support/pdf-text";
import { decodePng, decodeSvg } from "../support/qr-decode";
import { signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newProfiles, openAsAdmin } from "./support/pages";
import { admin, appUrl } from "./support/ports";
import { shoot } from "./support/shots";

test("an admin makes a batch of 24 pages, prints their QR sheet and sees them marked printed", async ({
  page,
  problems,
}) => {
  await openAsAdmin(page, "/admin/profiles/new");
  await page.getByLabel("How many").fill("24");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("24 pages are created.")).toBeVisible();
  const created = await page
    .getByRole("table", { name: "The new pages" })
    .locator("tbody tr td:first-child")
    .allTextContents();
  expect(created).toHaveLength(24);

  await page.getByRole("link", { name: "Print their QR codes" }).click();
  await expect(page).toHaveURL(/\/admin\/qr\/manager\?batch=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("QR manager");
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "24 pages" });
  await expect(table.locator("tbody tr")).toHaveCount(24);
  await expect(table.getByText("Not printed")).toHaveCount(24);
  await expect(page.getByText("24 codes on 2 sheets")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Batch" }).locator("option:checked")).toContainText(
    "24 pages",
  );
  await expect(page.getByText("24 of 24 still unclaimed, 0 printed")).toBeVisible();

  // One code, as it will print: shown, and its SVG and PNG decode to the page's address.
  const first = [...created].sort()[0]!;
  await expect(page.getByRole("heading", { name: `Code of ${first}` })).toBeVisible();
  const image = page.getByRole("img", { name: `QR code that opens the page ${first}` });
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  const svgDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download SVG" }).click();
  const svg = await svgDownload;
  expect(svg.suggestedFilename()).toBe(`kammare-${first}.svg`);
  expect(await decodeSvg(await readFile((await svg.path()) as string))).toBe(`${appUrl}/k/${first}`);
  await page.getByLabel("Size").selectOption("256");
  const pngDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PNG" }).click();
  const png = await pngDownload;
  expect(await decodePng(await readFile((await png.path()) as string))).toBe(`${appUrl}/k/${first}`);

  // Another page's code is one click away.
  const second = [...created].sort()[1]!;
  await page.getByRole("button", { name: `Show the QR code of ${second}` }).click();
  await expect(page.getByRole("heading", { name: `Code of ${second}` })).toBeVisible();

  await page.getByRole("radio", { name: /^H – 30 %/ }).check();
  await expectNoSeriousAxeViolations(page, "qr manager");
  await shoot(page, "qr-manager-batch");

  const sheetDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download print sheet (PDF)" }).click();
  const sheet = await sheetDownload;
  const pdf = await readFile((await sheet.path()) as string);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const runs = pdfTextRuns(new Uint8Array(pdf));
  for (const id of created)
    expect(
      runs.filter((run) => run === id),
      id,
    ).toHaveLength(1);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
    "24 codes are now marked as printed.",
  );
  await expect(table.getByText("Not printed")).toHaveCount(0);
  await expect(page.getByText("24 of 24 still unclaimed, 24 printed")).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});

test("in Swedish, a search by code finds the page; the screen passes axe", async ({ page, browser }) => {
  const [id] = await newProfiles(browser, 1);
  await signInByApi(page, admin);
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto("/admin/qr/manager");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("QR-hanteraren");
  await page.getByRole("radio", { name: "Sökning" }).check();
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page.getByText("Skriv början av en kod eller en e-postadress.")).toBeVisible();
  await page.getByLabel("Kod eller ägarens e-post").fill(id!.toLowerCase());
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  const table = page.getByRole("table", { name: "1 sida" });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText(id!);
  await expect(page.getByText("1 kod på 1 ark")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "qr manager sv");
  await shoot(page, "qr-manager-search-sv");
});
