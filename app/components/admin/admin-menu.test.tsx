// The admin's menu as the server sends it: one named navigation landmark, every admin screen in its
// task's labelled list with the screen's own name, the current page marked, and the "Menu" button
// wired to the list, closed until the browser opens it (tests/e2e/admin-menu.spec.ts opens it).
import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "../../lib/i18n";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../contract/locale";
import { adminGroups, adminHome, adminMenu, adminScreens } from "../../lib/admin-screens";
import { i18nFor } from "../../lib/i18n";
import { AdminMenu, AdminMenuButton, adminMenuId, useAdminMenu } from "./admin-menu";

function Menu() {
  const menu = useAdminMenu();
  return (
    <>
      <AdminMenuButton menu={menu} />
      <AdminMenu menu={menu} footer={<p>account</p>} />
    </>
  );
}

function render(locale: Locale, at: string): string {
  return renderToStaticMarkup(
    <TextsProvider locale={locale}>
      <MemoryRouter initialEntries={[at]}>
        <Menu />
      </MemoryRouter>
    </TextsProvider>,
  );
}

/** The markup between an element's opening tag at `start` and the next `</ul>`. */
function listAfter(html: string, start: string): string {
  const from = html.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf("</ul>", from));
}

describe("the admin's menu", () => {
  it("puts every admin screen in one of the five tasks, each screen once", () => {
    expect(adminGroups.map((group) => group.id)).toEqual(["pages", "money", "partners", "print", "account"]);
    const listed = adminMenu().flatMap((group) => group.screens.map((screen) => screen.path));
    expect([...listed].sort()).toEqual(adminScreens.map((screen) => screen.path).sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  for (const locale of ["en-US", "sv-SE"] as const) {
    it(`is a named landmark of labelled lists with each screen's own name (${locale})`, () => {
      const t = i18nFor(locale).t;
      const html = render(locale, "/admin/orders");
      expect(html).toContain(`<nav id="${adminMenuId}" aria-label="${t("admin.nav.label")}"`);
      expect(html).toMatch(new RegExp(`<a [^>]*href="${adminHome.path}"[^>]*>.*?${t(adminHome.label)}</a>`));
      for (const group of adminMenu()) {
        const labelId = `${adminMenuId}-${group.id}`;
        expect(html).toMatch(new RegExp(`<p id="${labelId}"[^>]*>${t(group.label)}</p>`));
        const list = listAfter(html, `<ul aria-labelledby="${labelId}"`);
        for (const screen of group.screens)
          expect(list).toMatch(new RegExp(`href="${screen.path}"[^>]*>.*?${t(screen.label)}</a>`));
      }
    });
  }

  it("marks the current screen, also on a page below it, and the home only on itself", () => {
    const current = (at: string) =>
      [...render("en-US", at).matchAll(/<a [^>]*aria-current="page"[^>]*href="([^"]+)"/g)].map(
        (match) => match[1],
      );
    expect(current("/admin/orders")).toEqual(["/admin/orders"]);
    expect(current("/admin/capway/invoices/5b0f5f9e-8a53-4a4e-9d7e-2f0d0f4f3c11")).toEqual([
      "/admin/capway/invoices",
    ]);
    expect(current("/admin/capway/new-invoice")).toEqual(["/admin/capway/new-invoice"]);
    expect(current("/admin")).toEqual(["/admin"]);
  });

  it("has a closed 'Menu' button that controls the list, which only a wide screen shows until opened", () => {
    const html = render("sv-SE", "/admin");
    expect(html).toMatch(
      new RegExp(
        `<button id="${adminMenuId}-button" type="button" aria-expanded="false" aria-controls="${adminMenuId}"[^>]*>.*Meny</button>`,
      ),
    );
    const navClass = /<nav [^>]*class="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(navClass.split(" ")).toEqual(expect.arrayContaining(["hidden", "lg:block"]));
    // The account's controls close the panel below 1024 px; the header has them above.
    expect(html).toMatch(/class="[^"]*lg:hidden[^"]*"><p>account<\/p>/);
  });
});
