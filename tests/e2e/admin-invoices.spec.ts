// The admin's invoice screens in the browser (ADR 013): a manual invoice with lines at two VAT rates
// (the live summary shows VAT per rate, a wrong field is explained under it), issued after a
// confirmation; found in the list by customer; a part payment lowers what is left to pay; a reminder
// adds the fee once; another invoice is credited; a BgMax file paying an invoice in full is imported
// through the file picker, reported as matched, and refused the second time. Axe on the new-invoice
// screen and the list. With SHOTS_DIR set, each screen is also photographed at 1280x800 and 390x844.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { AdminInvoiceDetail } from "../../contract/invoices";
import { buildBgMax } from "../support/bgmax-builder";
import { signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { shoot } from "./support/shots";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ensureCreditor, testCreditor } from "./support/creditor";
import { asAdmin, ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";

const origin = { Origin: appUrl };

/** An invoice issued through the API, for the steps that start from an existing one. */
async function issueByApi(
  request: APIRequestContext,
  token: string,
  customer: string,
  priceOre: number,
  profileId?: string,
): Promise<AdminInvoiceDetail> {
  const response = await request.post("/api/admin/invoices", {
    headers: { Authorization: `Bearer ${token}`, ...origin },
    data: {
      customer: {
        name: customer,
        street: "Sveavägen 10",
        postcode: "113 50",
        city: "Stockholm",
        email: `${customer.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      },
      language: "sv-SE",
      profileId,
      lines: [{ description: "Minnessida, ett år", quantity: 1, unitPriceOre: priceOre, vatRatePercent: 25 }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { invoice: AdminInvoiceDetail }).invoice;
}

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const line = (page: Page, n: number) => page.getByRole("group", { name: `Line ${n}`, exact: true });

test("an admin issues an invoice, finds it in the list and books a part payment", async ({
  page,
  browser,
}) => {
  await ensureCreditor(browser);
  await signInByApi(page, admin);
  const customer = `Astrid Lindqvist ${randomUUID().slice(0, 6)}`;

  await page.goto("/admin/capway/new-invoice");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New invoice");
  await expect(page.getByLabel("Payment terms (days)")).toHaveValue(String(testCreditor.termsDays));

  await page.getByLabel("Name", { exact: true }).fill(customer);
  await page.getByLabel("Street address").fill("Sveavägen 10");
  await page.getByLabel("Postcode").fill("1135");
  await page.getByLabel("City").fill("Stockholm");
  await page.getByLabel("E-mail address").fill("astrid@example.com");
  await line(page, 1).getByLabel("Description").fill("Minnessida, ett år");
  await line(page, 1).getByLabel("Unit price excl. VAT").fill("400");
  await page.getByRole("button", { name: "Add line" }).click();
  await line(page, 2).getByLabel("Description").fill("Minnesbok");
  await line(page, 2).getByLabel("Quantity").fill("2");
  await line(page, 2).getByLabel("Unit price excl. VAT").fill("150");
  await line(page, 2).getByLabel("VAT", { exact: true }).selectOption("6");

  // VAT per rate: 25 % of 400 kr and 6 % of 2 × 150 kr; 818 kr to pay.
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary.getByTestId("vat-25")).toContainText("400");
  await expect(summary.getByTestId("vat-25")).toContainText("100");
  await expect(summary.getByTestId("vat-6")).toContainText("300");
  await expect(summary.getByTestId("vat-6")).toContainText("18");
  await expect(summary.getByTestId("to-pay")).toContainText("818");

  // The postcode is explained under its field before anything is sent.
  await page.getByRole("button", { name: "Issue invoice" }).click();
  await expect(page.getByText("The postcode is five digits, like 123 45.")).toBeVisible();
  await page.getByLabel("Postcode").fill("113 50");
  await expectNoSeriousAxeViolations(page, "new invoice");
  await shoot(page, "admin-invoices-new-invoice");

  await page.getByRole("button", { name: "Preview PDF" }).click();
  await expect(page.getByRole("link", { name: "Open the preview (PDF)" })).toBeVisible();

  await page.getByRole("button", { name: "Issue invoice" }).click();
  const confirm = page.getByRole("dialog", { name: "Issue this invoice?" });
  await expect(confirm).toContainText(customer);
  await confirm.getByRole("button", { name: "Yes, issue invoice" }).click();
  await expect(page).toHaveURL(/\/admin\/capway\/invoices\/[0-9a-f-]{36}$/);
  await expect(notifications(page).getByText(/Invoice \d+ issued/)).toBeVisible();
  await expect(page.getByTestId("invoice-to-pay")).toContainText("818");
  const invoicePath = new URL(page.url()).pathname;

  // The list, searched by the customer's name, keeps the search in the address.
  await page.goto("/admin/capway/invoices");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Customer" }).fill(customer);
  await expect(page).toHaveURL(/customer=Astrid/);
  const table = page.getByRole("table", { name: "Invoices" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(customer);
  await expect(table).toContainText("Sent");
  await expect(page.getByTestId("outstanding")).toContainText("818");
  await expectNoSeriousAxeViolations(page, "invoice list");
  await shoot(page, "admin-invoices-invoices");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("searchbox", { name: "Customer" })).toHaveValue(customer);

  // A part payment: the amount defaults to what is left; 300 kr of 818 leaves 518.
  await table.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`${invoicePath}$`));
  await page.getByRole("button", { name: "Record payment" }).click();
  const payment = page.getByRole("dialog", { name: "Record payment" });
  await expect(payment.getByLabel("Amount received")).toHaveValue(/818/);
  await payment.getByLabel("Amount received").fill("300");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(notifications(page).getByText(/Payment of SEK\s*300 recorded/)).toBeVisible();
  await expect(page.getByTestId("invoice-to-pay")).toContainText("518");
  await expect(page.getByRole("table", { name: /Payments of invoice/ })).toContainText("Recorded by hand");
  await shoot(page, "admin-invoices-invoice-detail");
});

test("an admin credits an invoice", async ({ page, browser }) => {
  await ensureCreditor(browser);
  const invoice = await asAdmin(browser, (request, token) =>
    issueByApi(request, token, `Kredit Kund ${randomUUID().slice(0, 6)}`, 20000),
  );
  await signInByApi(page, admin);
  await page.goto(`/admin/capway/invoices/${invoice.id}`);
  await waitForHydration(page);
  await expect(page.getByTestId("invoice-status")).toHaveText("Sent");
  // Not yet due: nothing to remind of, and the screen says when it will be.
  await expect(page.getByRole("button", { name: "Send reminder" })).toHaveCount(0);
  await expect(page.getByText("Reminders can be sent once the invoice is past its due date")).toBeVisible();
  await page.getByRole("button", { name: "Credit invoice" }).click();
  const dialog = page.getByRole("dialog", { name: `Credit invoice ${invoice.number}?` });
  await dialog.getByLabel("Reason (optional)").fill("Fel mottagare");
  await dialog.getByRole("button", { name: "Credit invoice" }).click();
  await expect(notifications(page).getByText(`Invoice ${invoice.number} credited`)).toBeVisible();
  await expect(page.getByTestId("invoice-status")).toHaveText("Credited");
  await expect(page.getByTestId("invoice-to-pay")).toContainText("0");
  await expect(page.getByRole("button", { name: "Credit invoice" })).toHaveCount(0);
});

test("an invoice past its due date is reminded of: the first reminder adds the 60 SEK fee, the second none", async ({
  page,
  browser,
}) => {
  await ensureCreditor(browser);
  const invoice = await asAdmin(browser, (request, token) =>
    issueByApi(request, token, `Påminnelse Kund ${randomUUID().slice(0, 6)}`, 40000),
  );
  // The suite's clock: as if the invoice had been issued 40 days ago (its due date is behind it).
  const moved = await page.request.post("/__e2e/backdate-invoice", {
    form: { id: invoice.id, days: "40" },
    headers: origin,
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await signInByApi(page, admin);
  await page.goto(`/admin/capway/invoices/${invoice.id}`);
  await waitForHydration(page);
  await expect(page.getByText("A reminder now adds a SEK 60 reminder fee (once per invoice).")).toBeVisible();
  const remind = async () => {
    await page.getByRole("button", { name: "Send reminder" }).click();
    const dialog = page.getByRole("dialog", { name: "Send reminder" });
    await dialog.getByRole("button", { name: "Send reminder" }).click();
    await expect(
      notifications(page).getByText(`Reminder sent to ${invoice.customerEmail}`).last(),
    ).toBeVisible();
  };
  await remind();
  await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
  // 400 kr + 25 % VAT + the 60 kr fee.
  await expect(page.getByTestId("invoice-to-pay")).toContainText("560");
  await expect(
    page.getByText("A reminder now adds no fee: the fee came with the first reminder."),
  ).toBeVisible();
  await remind();
  await expect(page.getByTestId("invoice-to-pay")).toContainText("560");
});

test("a BgMax file pays a past-due page's invoice in full: the page is active again; the same file is refused the second time", async ({
  page,
  browser,
}) => {
  await ensureCreditor(browser);
  // A page whose payment is past due, and the manual invoice the admin sends its owner for it.
  const { id: profileId } = await ownedPage(browser, { displayName: "Karin Bankgiro" });
  const invoice = await asAdmin(browser, async (request, token) => {
    const headers = { Authorization: `Bearer ${token}`, ...origin };
    const set = await request.put("/api/admin/profile", {
      data: { id: profileId, status: "past_due" },
      headers,
    });
    expect(set.status(), await set.text()).toBe(200);
    return issueByApi(request, token, `Bankgiro Kund ${randomUUID().slice(0, 6)}`, 39900, profileId);
  });
  const file = buildBgMax({
    timestamp: `2026-11-20T06:15:00.${String(Date.now() % 1_000_000).padStart(6, "0")}`,
    sections: [
      {
        recipientBankgiro: testCreditor.bankgiro.replace("-", ""),
        depositDate: invoice.issueDate,
        payments: [{ reference: invoice.ocr, amountOre: invoice.toPayOre, payerName: "Bankgiro Kund" }],
      },
    ],
  });
  await signInByApi(page, admin);
  await page.goto("/admin/capway/bgmax");
  await waitForHydration(page);
  await expect(page.getByTestId("chosen-file")).toContainText("Nothing chosen: take the day's payment file");

  const upload = async () => {
    await page.getByLabel("Choose a BgMax file").setInputFiles({
      name: "bgmax-20261120.txt",
      mimeType: "text/plain",
      buffer: file,
    });
    await expect(page.getByTestId("chosen-file")).toContainText("bgmax-20261120.txt");
    await page.getByRole("button", { name: "Import payments" }).click();
  };

  await upload();
  const matched = page.getByRole("table", { name: "Payments booked on an invoice" });
  await expect(matched).toContainText(String(invoice.number));
  await expect(matched).toContainText("Now paid");
  await shoot(page, "admin-invoices-bgmax-report");

  await upload();
  await expect(page.getByRole("alert")).toContainText("This file has already been imported");

  await page.goto(`/admin/capway/invoices/${invoice.id}`);
  await waitForHydration(page);
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(page.getByRole("table", { name: /Payments of invoice/ })).toContainText(
    "Bankgiro file (BgMax)",
  );

  // The page the invoice was for is active again, and its history says why.
  await page.goto(`/admin/profile-admin?id=${profileId}`);
  await waitForHydration(page);
  const history = page.getByRole("region", { name: "Status changes, newest first" });
  const latest = history.locator("tbody tr").first();
  await expect(latest).toContainText("Invoice paid");
  await expect(latest).toContainText("Active");
});

test("a file that is not BgMax is refused, naming its line", async ({ page }) => {
  await signInByApi(page, admin);
  await page.goto("/admin/capway/bgmax");
  await waitForHydration(page);
  await page.getByLabel("Choose a BgMax file").setInputFiles({
    name: "not-bgmax.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Hello, this is not a bank file\n"),
  });
  await page.getByRole("button", { name: "Import payments" }).click();
  await expect(page.getByRole("alert")).toContainText("The file could not be read as BgMax");
  await expect(page.getByRole("alert")).toContainText("Line 1");
});

test("a Swedish admin is told why a file was refused in Swedish, not in the server's English", async ({
  page,
}) => {
  await signInByApi(page, admin);
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto("/admin/capway/bgmax");
  await waitForHydration(page);
  await page.getByLabel("Välj en BgMax-fil").setInputFiles({
    name: "tom.txt",
    mimeType: "text/plain",
    buffer: Buffer.alloc(0),
  });
  await page.getByRole("button", { name: "Läs in betalningar" }).click();
  // The refusal's code (bgmax.empty) is said in the viewer's language (ADR 032).
  await expect(page.getByRole("alert")).toContainText("Filen kunde inte läsas som BgMax");
  await expect(page.getByRole("alert")).toContainText("BgMax-filen är tom.");
  await expect(page.getByRole("alert")).not.toContainText("The BgMax file is empty.");
  await shoot(page, "bgmax-empty-sv");
});

test("the new invoice screen speaks Swedish and passes axe with a line's message showing", async ({
  page,
  browser,
}) => {
  await ensureCreditor(browser);
  await signInByApi(page, admin);
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto("/admin/capway/new-invoice");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ny faktura");
  await page.getByRole("group", { name: "Rad 1", exact: true }).getByLabel("Antal").fill("0");
  await page.getByRole("button", { name: "Skicka faktura" }).click();
  await expect(
    page.getByText("Antalet är mer än 0 och högst 100 000, med upp till tre decimaler."),
  ).toBeVisible();
  await expect(page.getByText("Beskriv vad som faktureras.")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "ny faktura");
});
