// The design system's behaviour and accessibility wiring, rendered to HTML as the server sends it (the
// browser-side behaviour of toasts and tables is in tests/e2e/design-system.spec.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "../lib/i18n";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../contract/locale";
import { profileStatuses, type ProfileStatus } from "../../contract/profile-values";
import { adminTrail } from "../lib/admin-screens";
import { Alert } from "./alert";
import { Button } from "./button";
import { CheckboxField } from "./checkbox-field";
import { DataTable } from "./data-table";
import { DateField } from "./date-field";
import { EmptyState } from "./empty-state";
import { checkMoney, formatMoneyInput, MoneyField, parseMoneyInput } from "./money-field";
import { PageHeader } from "./page-header";
import { AdminPageHeader } from "./admin/admin-page-header";
import { RadioGroup } from "./radio-group";
import { LoadingRegion, Skeleton } from "./skeleton";
import { StatusBadge } from "./status-badge";
import { TextField } from "./text-field";
import { ToastProvider, useToast } from "./toast";

const appDir = path.resolve(__dirname, "..");

describe("TextField", () => {
  it("ties the label, hint and error to the input", () => {
    const html = renderToStaticMarkup(
      <TextField id="email" label="E-mail" hint="We never share it" error="Enter a valid e-mail address" />,
    );
    expect(html).toContain('<label for="email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-hint email-error"');
    expect(html).toMatch(/id="email-error"[^>]*>Enter a valid e-mail address</);
  });

  it("is not marked invalid without an error", () => {
    const html = renderToStaticMarkup(<TextField id="name" label="Name" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });
});

describe("Alert", () => {
  it("announces errors at once and other messages politely", () => {
    expect(renderToStaticMarkup(<Alert tone="error" title="There was an error" />)).toContain('role="alert"');
    expect(renderToStaticMarkup(<Alert tone="success" title="Saved" />)).toContain('role="status"');
  });
});

describe("Button", () => {
  it("is a non-submitting button by default and disabled while busy", () => {
    const html = renderToStaticMarkup(<Button busy>Save</Button>);
    expect(html).toContain('type="button"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("disabled");
  });
});

describe("DataTable", () => {
  const columns = [
    { key: "id", header: "Id", cell: (row: { id: string; n: number }) => row.id },
    { key: "n", header: "Count", cell: (row: { id: string; n: number }) => row.n, numeric: true },
  ];
  const table = (props: Partial<Parameters<typeof DataTable<{ id: string; n: number }>>[0]>) =>
    inLocale(
      "en-US",
      <DataTable
        caption="Profiles"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty="None"
        {...props}
      />,
    );

  it("has a caption and column headers with scope", () => {
    const html = table({ rows: [{ id: "A", n: 2 }] });
    expect(html).toContain("<caption");
    expect(html).toContain(">Profiles</caption>");
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<td class="[^"]*">A<\/td>/);
  });

  it("scrolls inside a focusable region named by its caption, so nothing is cut off", () => {
    const html = table({ rows: [{ id: "A", n: 2 }] });
    expect(html).toMatch(
      /<div class="overflow-x-auto[^"]*" tabindex="0" role="region" aria-label="Profiles"/,
    );
  });

  it("wraps long cells: at words by default, anywhere for addresses, never for short codes", () => {
    const html = table({
      rows: [{ id: "A", n: 2 }],
      columns: [
        { key: "a", header: "Reason", cell: () => "words", className: "min-w-56" },
        { key: "b", header: "E-mail", cell: () => "x@y.se", wrap: "anywhere" },
        { key: "c", header: "Code", cell: () => "ABCDEFGH", wrap: "never" },
      ],
    });
    expect(html).toMatch(/<td class="[^"]*break-words min-w-56">words/);
    expect(html).toMatch(/<td class="[^"]*\[overflow-wrap:anywhere\][^"]*">x@y.se/);
    expect(html).toMatch(/<td class="[^"]*whitespace-nowrap[^"]*">ABCDEFGH/);
  });

  it("shows the empty state across all columns when there are no rows", () => {
    const html = table({ empty: "No profiles yet" });
    expect(html).toMatch(/<td colSpan="2"[^>]*><div[^>]*><p[^>]*>No profiles yet<\/p><\/div><\/td>/i);
  });

  it("while loading, is busy and shows placeholder rows instead of rows", () => {
    const html = table({ rows: [{ id: "A", n: 2 }], loading: true, loadingRows: 4 });
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain(">A</td>");
    expect(html.match(/<tr class="border-t/g)).toHaveLength(4);
    expect(html).toContain(">Loading…</span>");
  });
});

function inLocale(locale: Locale, node: ReactNode): string {
  return renderToStaticMarkup(
    <TextsProvider locale={locale}>
      <MemoryRouter>{node}</MemoryRouter>
    </TextsProvider>,
  );
}

describe("StatusBadge", () => {
  it("says every status in words, in both languages", () => {
    const expected: Record<Locale, Record<ProfileStatus, string>> = {
      "en-US": {
        unclaimed: "Unclaimed",
        draft: "Draft",
        trial: "Free trial",
        extended_trial: "Extended trial",
        active: "Active",
        past_due: "Payment due",
        expired: "Resting",
        suspended: "Suspended",
        removed: "Removed",
      },
      "sv-SE": {
        unclaimed: "Ej ägd",
        draft: "Utkast",
        trial: "Gratis provperiod",
        extended_trial: "Förlängd provperiod",
        active: "Aktiv",
        past_due: "Betalning förfallen",
        expired: "Vilande",
        suspended: "Avstängd",
        removed: "Borttagen",
      },
    };
    for (const locale of ["en-US", "sv-SE"] as const) {
      for (const status of profileStatuses) {
        const html = inLocale(locale, <StatusBadge status={status} />);
        // The words, outside the decorative mark.
        expect(html).toMatch(new RegExp(`</span>${expected[locale][status]}</span>$`));
        expect(html).toContain('aria-hidden="true"');
      }
    }
  });

  it("gives each status its own colour, each readable (WCAG AA) on its ground and on white", () => {
    const css = readFileSync(path.join(appDir, "app.css"), "utf8");
    const token = (name: string) => {
      const found = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, "i").exec(css)?.[1];
      if (!found) throw new Error(`no colour token ${name}`);
      return found;
    };
    const inks = new Set<string>();
    for (const status of profileStatuses) {
      const name = `status-${status.replace("_", "-")}`;
      const ink = token(name);
      inks.add(ink);
      expect(contrast(ink, token(`${name}-soft`)), status).toBeGreaterThanOrEqual(4.5);
      expect(contrast(ink, "#ffffff"), status).toBeGreaterThanOrEqual(4.5);
      expect(inLocale("en-US", <StatusBadge status={status} />)).toContain(`text-${name}`);
    }
    expect(inks.size).toBe(profileStatuses.length);
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const c = parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("money input", () => {
  it("reads amounts as people type them in Swedish, into öre", () => {
    const sv = (text: string) => parseMoneyInput(text, "sv-SE");
    expect(sv("49")).toEqual({ ore: 4900 });
    expect(sv("49,50")).toEqual({ ore: 4950 });
    expect(sv("49,5")).toEqual({ ore: 4950 });
    expect(sv("1 234,50 kr")).toEqual({ ore: 123450 });
    expect(sv("1\u00a0234,05")).toEqual({ ore: 123405 });
    expect(sv("490:-")).toEqual({ ore: 49000 });
    expect(sv("1.234,50")).toEqual({ ore: 123450 });
    // A point that cannot be a thousands separator is the decimal sign a Swede also types.
    expect(sv("49.50")).toEqual({ ore: 4950 });
    expect(sv(",50")).toEqual({ ore: 50 });
    expect(sv("")).toEqual({ ore: null });
    expect(sv("   ")).toEqual({ ore: null });
  });

  it("reads amounts as people type them in English", () => {
    const en = (text: string) => parseMoneyInput(text, "en-US");
    expect(en("49.50")).toEqual({ ore: 4950 });
    expect(en("1,234")).toEqual({ ore: 123400 });
    expect(en("1,234.5")).toEqual({ ore: 123450 });
    expect(en("SEK 490")).toEqual({ ore: 49000 });
    expect(en("49,5")).toEqual({ ore: 4950 });
    expect(en("1,234,567")).toEqual({ ore: 123456700 });
  });

  it("names what is wrong", () => {
    expect(parseMoneyInput("1,234", "sv-SE")).toEqual({ problem: "decimals" });
    expect(parseMoneyInput("49.505", "en-US")).toEqual({ problem: "decimals" });
    expect(parseMoneyInput("-5", "sv-SE")).toEqual({ problem: "negative" });
    expect(parseMoneyInput("fem", "sv-SE")).toEqual({ problem: "invalid" });
    expect(parseMoneyInput("4,9,5,0", "sv-SE")).toEqual({ problem: "invalid" });
    expect(parseMoneyInput("4,9,5,0", "en-US")).toEqual({ problem: "invalid" });
    expect(parseMoneyInput("1,23,456.00", "en-US")).toEqual({ problem: "invalid" });
    expect(parseMoneyInput("1e5", "en-US")).toEqual({ problem: "invalid" });
    expect(parseMoneyInput("99999999999999", "en-US")).toEqual({ problem: "tooLarge" });
    expect(checkMoney({ ore: 100 }, 4900)).toEqual({ problem: "tooSmall" });
    expect(checkMoney({ ore: 50_000 }, 0, 49_000)).toEqual({ problem: "tooLarge" });
    expect(checkMoney({ ore: 4900 }, 0, 49_000)).toEqual({ ore: 4900 });
  });

  it("shows öre in the language's own form, and reads that back", () => {
    expect(formatMoneyInput(123450, "sv-SE")).toBe("1\u00a0234,50");
    expect(formatMoneyInput(123450, "en-US")).toBe("1,234.50");
    for (const locale of ["sv-SE", "en-US"]) {
      for (const ore of [0, 5, 4900, 123450, 99_999_999]) {
        expect(parseMoneyInput(formatMoneyInput(ore, locale), locale)).toEqual({ ore });
      }
    }
  });

  it("is a decimal text field holding öre, its currency told to screen readers", () => {
    const html = inLocale(
      "sv-SE",
      <MoneyField id="price" name="price" label="Pris" value={4950} onChange={() => {}} />,
    );
    expect(html).toContain('inputMode="decimal"');
    expect(html).toContain('value="49,50"');
    expect(html).toContain('<input type="hidden" name="price" value="4950"/>');
    expect(html).toContain('aria-describedby="price-currency"');
    expect(html).toMatch(/id="price-currency"[^>]*>.*svenska kronor/);
  });
});

describe("choices", () => {
  it("a checkbox is labelled beside it and described by its hint and error", () => {
    const html = renderToStaticMarkup(
      <CheckboxField id="terms" label="I accept the terms" hint="Read them first" error="Accept to go on" />,
    );
    expect(html).toMatch(/<label for="terms"[^>]*><input type="checkbox" id="terms" aria-invalid="true"/);
    expect(html).toContain('aria-describedby="terms-hint terms-error"');
  });

  it("a radio group is a fieldset named by its legend, one labelled radio per choice", () => {
    const html = renderToStaticMarkup(
      <RadioGroup
        label="Plan"
        name="plan"
        error="Choose a plan"
        value="yearly"
        onChange={() => {}}
        options={[
          { value: "monthly", label: "Monthly" },
          { value: "yearly", label: "Yearly" },
        ]}
      />,
    );
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="[^"]+-error"/);
    expect(html).toContain("<legend");
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toMatch(/checked="" value="yearly"/);
    expect(html).not.toMatch(/checked="" value="monthly"/);
  });

  it("a date field is a date input with its label", () => {
    const html = renderToStaticMarkup(<DateField id="due" label="Due date" min="2026-01-01" />);
    expect(html).toContain('<label for="due"');
    expect(html).toMatch(/<input type="date" id="due"[^>]*min="2026-01-01"/);
  });
});

describe("Toast", () => {
  it("has a labelled, polite live region in the server's HTML, so later toasts are announced", () => {
    for (const [locale, label] of [
      ["en-US", "Notifications"],
      ["sv-SE", "Aviseringar"],
    ] as const) {
      const html = inLocale(locale, <ToastProvider>page</ToastProvider>);
      expect(html).toContain(`<section aria-label="${label}"`);
      expect(html).toMatch(/<ol aria-live="polite"/);
    }
  });

  it("refuses to be used without its provider, rather than drop results silently", () => {
    function Orphan() {
      useToast();
      return null;
    }
    expect(() => renderToStaticMarkup(<Orphan />)).toThrow(/ToastProvider/);
  });
});

describe("EmptyState and Skeleton", () => {
  it("an empty state has its title, text and action; the picture is hidden from screen readers", () => {
    const html = renderToStaticMarkup(
      <EmptyState
        icon={<svg />}
        title="No pages yet"
        text="Create some"
        action={<a href="/new">Create</a>}
      />,
    );
    expect(html).toMatch(/<div aria-hidden="true"[^>]*><svg><\/svg><\/div>/);
    expect(html).toContain(">No pages yet</p>");
    expect(html).toContain(">Create some</p>");
    expect(html).toContain('<a href="/new">Create</a>');
  });

  it("a loading region is busy and says so once; the placeholders are hidden", () => {
    const busy = inLocale(
      "sv-SE",
      <LoadingRegion loading label="Sidan">
        <Skeleton />
      </LoadingRegion>,
    );
    expect(busy).toMatch(/^<div aria-busy="true" aria-label="Sidan" role="region"/);
    expect(busy).toContain(">Laddar…</span>");
    expect(busy).toMatch(/<span aria-hidden="true" class="[^"]*motion-safe:animate-pulse/);
    const done = inLocale("en-US", <LoadingRegion loading={false}>x</LoadingRegion>);
    expect(done).not.toContain("aria-busy");
  });
});

describe("PageHeader", () => {
  it("has one h1, breadcrumbs in a named nav, and the current page marked and not a link", () => {
    const html = inLocale(
      "sv-SE",
      <PageHeader
        title="Alla sidor"
        breadcrumbs={[{ label: "Adminstart", to: "/admin" }, { label: "Alla sidor" }]}
        actions={<a href="/admin/profiles/new">Nya sidor</a>}
      />,
    );
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<nav aria-label="Du är här">');
    expect(html).toMatch(/<a [^>]*href="\/admin"[^>]*>Adminstart<\/a>/);
    expect(html).toMatch(/<span aria-current="page"[^>]*>Alla sidor<\/span>/);
  });

  it("an admin screen's trail comes from the admin screens' list", () => {
    expect(adminTrail("/admin/profiles/list").map((step) => step.path)).toEqual([
      "/admin",
      "/admin/profiles/list",
    ]);
    const html = inLocale("en-US", <AdminPageHeader path="/admin/profile-admin" current="ABCDEFGH" />);
    expect(html).toContain(">Page admin</h1>");
    expect(html).toMatch(
      /href="\/admin"[^>]*>Admin home<\/a>.*href="\/admin\/profile-admin"[^>]*>Page admin<\/a>.*aria-current="page"[^>]*>ABCDEFGH</,
    );
    // The home is the start of the trail: no breadcrumbs of one step.
    expect(inLocale("en-US", <AdminPageHeader path="/admin" title="Admin" />)).not.toContain("<nav");
  });
});

describe("fonts", () => {
  const css = readFileSync(path.join(appDir, "app.css"), "utf8");
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1] as string);
  const shipped = faces.flatMap((face) =>
    [...face.matchAll(/url\("\.\/(fonts\/[^"]+\.woff2)"\)/g)].map((m) => m[1] as string),
  );

  it("every face app.css names is a woff2 file in app/fonts, shown with font-display swap", () => {
    expect(shipped.length).toBeGreaterThanOrEqual(2);
    for (const file of shipped) {
      const bytes = readFileSync(path.join(appDir, file));
      expect(bytes.subarray(0, 4).toString("latin1"), file).toBe("wOF2");
    }
    for (const face of faces.filter((face) => face.includes("url(")))
      expect(face).toContain("font-display: swap");
    expect(css).toMatch(/--font-sans:\s*"Inter"/);
    expect(css).toMatch(/--font-serif:\s*"Literata"/);
  });

  it("the faces cover Swedish letters and ship with their licence", () => {
    for (const face of faces.filter((face) => face.includes("url("))) expect(face).toContain("U+0000-00FF");
    expect(readFileSync(path.join(appDir, "fonts/inter-OFL.txt"), "utf8")).toContain("SIL Open Font License");
    expect(readFileSync(path.join(appDir, "fonts/literata-OFL.txt"), "utf8")).toContain(
      "SIL Open Font License",
    );
  });

  it("root preloads each shipped face", () => {
    const root = readFileSync(path.join(appDir, "root.tsx"), "utf8");
    for (const file of shipped) expect(root).toContain(`from "./${file}?url"`);
    expect(root).toMatch(/rel: "preload", as: "font", type: "font\/woff2", href, crossOrigin: "anonymous"/);
  });
});
