// The admin's profile screens in the browser: a batch is created, one of it found in the list, its
// status changed with a reason (confirmed), and the history shows it; customers are sent away.
import { readFile } from "node:fs/promises";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newUser, signUpByApi } from "./support/accounts";
import { openAsAdmin } from "./support/pages";
import { admin, appUrl } from "./support/ports";

test("an admin creates a batch, finds one, suspends it with a reason and sees the history", async ({
  page,
  problems,
}) => {
  await openAsAdmin(page, "/admin/profiles/new");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New pages");

  // The form explains a wrong number before sending anything.
  await page.getByLabel("How many").fill("0");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Enter a whole number from 1 to 10,000.")).toBeVisible();

  await page.getByLabel("How many").fill("5");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("status").filter({ hasText: "5 pages are created." })).toBeVisible();
  const created = page.getByRole("region", { name: "The new pages" });
  const rows = created.getByRole("row");
  await expect(rows).toHaveCount(6);
  const ids = (await created.locator("tbody tr td:first-child").allTextContents()).map((id) => id.trim());
  expect(ids).toHaveLength(5);
  for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);

  // The batch as CSV: id,url for each.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the list (CSV)" }).click();
  const csv = await readFile((await (await download).path()) as string, "utf8");
  expect(csv.trim().split("\r\n")).toEqual(["id,url", ...ids.map((id) => `${id},${appUrl}/k/${id}`)]);

  // The list: search one of the new codes.
  const id = ids[2] as string;
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "All pages" }).click();
  await expect(page).toHaveURL("/admin/profiles/list");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All pages");
  await page.getByLabel("Search", { exact: true }).fill(id.toLowerCase());
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(`/admin/profiles/list?q=${id.toLowerCase()}`);
  const list = page.getByRole("region", { name: "Pages" });
  await expect(list.locator("tbody tr")).toHaveCount(1);
  await expect(list.locator("tbody tr")).toContainText("Unclaimed");
  await expect(page.getByText("Showing 1 of 1")).toBeVisible();

  // Its admin page.
  await list.getByRole("link", { name: id }).click();
  await expect(page).toHaveURL(`/admin/profile-admin?id=${id}`);
  await expect(page.getByRole("heading", { name: `Page ${id}` })).toBeVisible();
  await expect(page.getByText("No owner yet", { exact: true })).toBeVisible();
  const history = page.getByRole("region", { name: "Status changes, newest first" });
  await expect(history.locator("tbody tr")).toHaveCount(1);
  await expect(history.locator("tbody tr").first()).toContainText("Created");

  // Suspend it, with a reason; the dialog asks first, and cancelling changes nothing.
  await page.getByLabel("New status").selectOption({ label: "Suspended" });
  await page.getByLabel("Reason (optional)").fill("Reported by a visitor");
  await page.getByRole("button", { name: "Change status" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend this page?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(history.locator("tbody tr")).toHaveCount(1);

  await page.getByRole("button", { name: "Change status" }).click();
  await dialog.getByRole("button", { name: "Suspend the page" }).click();
  await expect(page.getByText("The status is changed.")).toBeVisible();
  await expect(history.locator("tbody tr")).toHaveCount(2);
  const latest = history.locator("tbody tr").first();
  await expect(latest).toContainText("Unclaimed");
  await expect(latest).toContainText("Suspended");
  await expect(latest).toContainText(admin.email);
  await expect(latest).toContainText("Reported by a visitor");

  // The list shows the new status too.
  await page.goto(`/admin/profiles/list?status=suspended&q=${id}`);
  await expect(page.getByRole("region", { name: "Pages" }).locator("tbody tr")).toContainText("Suspended");

  // An unknown code: the friendly not-found state, found in the page and loaded anew (a 404).
  await page.goto(`/admin/profile-admin?id=${id}`);
  await waitForHydration(page);
  await page.getByLabel("Code", { exact: true }).fill("zzzz-zzzz");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL("/admin/profile-admin?id=zzzz-zzzz");
  await expect(page.getByRole("heading", { name: "No page with this code" })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(id.toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: `Page ${id}` })).toBeVisible();
  const missing = await page.goto("/admin/profile-admin?id=ZZZZZZZZ");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No page with this code" })).toBeVisible();

  expect(problems.consoleErrors.filter((text) => !text.includes("404"))).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test("a customer is sent away from the admin's profile screens", async ({ page }) => {
  await signUpByApi(page, newUser());
  for (const path of ["/admin/profiles/new", "/admin/profile-admin?id=ABCDEFGH", "/admin/profiles/list"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/");
  }
});
