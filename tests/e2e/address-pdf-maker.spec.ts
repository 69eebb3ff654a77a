// The address PDF maker in the browser (ADR 015): an admin pastes addresses (å, ä, ö and one abroad),
// starts on a half-used sheet, sees them in place in the preview and downloads the PDF, whose text has
// every address; a CSV file with a bad row shows that row's problem, in either language, and offers no
// download.
import { readFile } from "node:fs/promises";
import { pdfText } from "../support/pdf-text";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { signInByApi } from "./support/accounts";
import { ensureCreditor } from "./support/creditor";
import { asAdmin, ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const people = [
  ["Åsa Öberg", "Källgränd 3", "123 45 Västerås"],
  ["Märta Ärlig", "c/o Ek", "Storgatan 14", "752 36 Uppsala"],
  ["Ola Nordmann", "Karl Johans gate 1", "0154 Oslo", "NORGE"],
  ["Örjan Åberg", "Björkvägen 2", "981 31 Kiruna"],
];
/** As pasted: the country as written, a blank line between addresses. */
const pasted = people
  .map((lines) => lines.map((line) => (line === "NORGE" ? "Norge" : line)).join("\n"))
  .join("\n\n");

test("an admin pastes addresses, starts at label 6, previews them in place and downloads the PDF", async ({
  page,
  problems,
}) => {
  await signInByApi(page, admin);
  await page.goto("/admin/address-pdf-maker");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Address PDF maker");
  await expect(page.getByRole("tab", { name: "Paste" })).toHaveAttribute("aria-selected", "true");

  // Nothing pasted yet: the screen says so rather than calling the server.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("problems")).toContainText("Paste at least one address.");

  await page.getByRole("textbox", { name: "Addresses" }).fill(pasted);
  // The start position is a radio group drawn as the sheet: click label 5, then the arrow key to 6.
  await page.getByRole("radio", { name: "Label 5", exact: true }).check();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Label 6", exact: true })).toBeChecked();
  await expect(page.getByText("Printing starts at label 6 (row 2, column 3).")).toBeVisible();

  await expect(page.getByRole("button", { name: "Download PDF" })).toHaveCount(0);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-summary")).toHaveText("4 addresses on 1 sheet");
  const sheet = page.getByTestId("sheet-preview");
  for (const [index, lines] of people.entries()) {
    const label = sheet.locator(`li[data-position="${index + 6}"]`);
    for (const line of lines) await expect(label).toContainText(line);
  }
  await expect(sheet.locator('li[data-position="5"]')).toHaveText("Label 5, empty");
  await expect(sheet.locator('li[data-position="10"]')).toHaveText("Label 10, empty");
  await expectNoSeriousAxeViolations(page, "preview");
  await shoot(page, "address-pdf-maker-preview");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("adressetiketter.pdf");
  const pdf = await readFile((await file.path()) as string);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(new Uint8Array(pdf)).split("\n");
  for (const line of people.flat())
    expect(
      text.filter((run) => run === line),
      line,
    ).toHaveLength(1);
  await expect(page.getByText("The PDF is downloaded")).toBeVisible();

  // A change makes the preview stale: no download until it is previewed again.
  await page.getByRole("radio", { name: "C5 envelopes" }).check();
  await expect(page.getByRole("button", { name: "Download PDF" })).toHaveCount(0);
  await expect(page.getByText("preview again before downloading")).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-summary")).toHaveText("4 addresses, one envelope each");
  await expect(sheet.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByText("…and 1 more page in the PDF.")).toBeVisible();

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test("a CSV file with a bad row names the row in the reader's language and offers no download", async ({
  page,
  problems,
}) => {
  const csv = [
    "name,street,postcode,city",
    "Anna Ek,Gatan 1,123 45,Ort",
    "Bo Ek,Gatan 2,1234,Ort",
    "Cia Ek,Gatan 3,123 45,",
  ].join("\n");
  await signInByApi(page, admin);
  await page.goto("/admin/address-pdf-maker");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "CSV file" }).click();
  await expect(page.getByTestId("chosen-file")).toHaveText("No file chosen yet.");
  await expect(page.getByText("name,street,street2,postcode,city,country")).toBeVisible();
  await page.getByLabel("Choose a CSV file").setInputFiles({
    name: "kunder.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByTestId("chosen-file")).toHaveText("Chosen file: kunder.csv");
  await page.getByRole("button", { name: "Preview" }).click();
  const listed = page.getByTestId("problems");
  await expect(listed.getByRole("listitem")).toHaveText([
    "Row 3, postcode: The postcode is five digits, like 123 45.",
    "Row 4, city: Enter the city.",
  ]);
  await expect(page.getByRole("button", { name: "Download PDF" })).toHaveCount(0);
  await expect(page.getByTestId("sheet-preview")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "CSV problems");
  await shoot(page, "address-pdf-maker-csv-errors");

  // The same in Swedish.
  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adress-PDF");
  await page.getByRole("tab", { name: "CSV-fil" }).click();
  // The file chooser's own input: its label now offers another file, if the screen kept the first.
  await page.locator('input[type="file"]').setInputFiles({
    name: "kunder.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "Förhandsvisa" }).click();
  await expect(page.getByTestId("problems").getByRole("listitem")).toHaveText([
    "Rad 3, postnummer: Postnumret har fem siffror, till exempel 123 45.",
    "Rad 4, ort: Fyll i orten.",
  ]);
  await expect(page.getByRole("button", { name: "Ladda ner PDF" })).toHaveCount(0);

  // The awaiting tab lists the pages, or says that none wait.
  await page.getByRole("tab", { name: "Väntar på skylt" }).click();
  await expect(
    page
      .getByRole("region", { name: "Sidor som väntar på skylt" })
      .or(page.getByRole("heading", { name: "Inga skyltar väntar." })),
  ).toBeVisible();
  await shoot(page, "address-pdf-maker-awaiting-sv");

  // The refused preview's 400 is the only console error the browser reports.
  expect(problems.consoleErrors.filter((text) => !text.includes("400"))).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test("an admin prints the label of a page awaiting its plaque and marks the plaque sent", async ({
  page,
  browser,
  problems,
}) => {
  // A page paid by invoice: its owner checks out with a billing address, and the admin books the money.
  await ensureCreditor(browser);
  const { id, token } = await ownedPage(browser, { displayName: "Plakett" });
  const checkout = await page.request.post("/api/checkout/faktura", {
    headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
    data: {
      profileId: id,
      plan: "yearly",
      billing: {
        name: "Örjan Åslund",
        careOf: null,
        street: "Älvgatan 7",
        postcode: "97231",
        city: "Luleå",
        email: "orjan@example.com",
      },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { invoice } = (await checkout.json()) as { invoice: { id: string; totalOre: number } };
  await asAdmin(browser, async (request, adminToken) => {
    const paid = await request.post(`/api/admin/invoices/${invoice.id}/payments`, {
      headers: { Authorization: `Bearer ${adminToken}`, Origin: appUrl },
      data: { amountOre: invoice.totalOre, paidOn: new Date().toISOString().slice(0, 10) },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  });

  await signInByApi(page, admin);
  await page.goto("/admin/address-pdf-maker");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Awaiting a plaque" }).click();
  const table = page.getByRole("region", { name: "Pages awaiting a plaque" });
  const row = table.getByRole("row").filter({ hasText: id });
  await expect(row).toContainText("Örjan Åslund");
  await expect(row).toContainText("972 31 Luleå");
  // Rows without an address (paid by card) cannot be chosen, and say why.
  for (const other of await table.getByRole("row").filter({ hasText: "No address on file" }).all()) {
    await expect(other.getByRole("checkbox")).toBeDisabled();
  }
  await row.getByRole("checkbox", { name: `Choose page ${id}` }).check();
  await expect(page.getByText("1 page chosen")).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-summary")).toHaveText("1 address on 1 sheet");
  await expect(page.getByTestId("sheet-preview").locator('li[data-position="1"]')).toContainText(
    "Örjan Åslund",
  );
  await shoot(page, "address-pdf-maker-awaiting");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const pdf = await readFile((await (await download).path()) as string);
  expect(pdfText(new Uint8Array(pdf)).split("\n")).toEqual(["Örjan Åslund", "Älvgatan 7", "972 31 Luleå"]);

  await page.getByRole("button", { name: "Mark as sent" }).click();
  await expect(page.getByText("1 plaque marked as sent")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: id })).toHaveCount(0);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
