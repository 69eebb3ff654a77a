// Personal first-name paths: the admin keeps the list; /{name} shows the stub; product pages win.
import { randomUUID } from "node:crypto";
import { expect, test, waitForHydration } from "./support/fixtures";
import { signInByApi } from "./support/accounts";
import { admin } from "./support/ports";

test("an admin adds a first name and /{name} shows its page; product paths are never shadowed", async ({
  page,
}) => {
  // Letters only, and unique per run: the suite's database lives for the whole run.
  const suffix = randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6);
  const name = `Ebba${suffix}`;
  await signInByApi(page, admin);
  await page.goto("/admin/first-names");
  await waitForHydration(page);
  await page.getByLabel("First name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();

  await page.getByLabel("First name", { exact: true }).fill("Login");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText(/may also be a word the product uses/)).toBeVisible();

  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(`/${name.toLowerCase()}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name}'s page is coming soon`);

  const unknown = await page.goto(`/nobody${suffix}`);
  expect(unknown?.status()).toBe(404);
  // A signed-in admin asking for the sign-in page is sent to their work, as after signing in.
  await page.goto("/login");
  await expect(page).toHaveURL("/admin");

  // Removed from the list: the page is gone.
  await page.goto("/admin/first-names");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  const gone = await page.goto(`/${name.toLowerCase()}`);
  expect(gone?.status()).toBe(404);
});
