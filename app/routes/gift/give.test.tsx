// The gift screen offers the ways this site takes a gift now: a choice of card and invoice when it
// takes both, the invoice alone when card payments are off, the card alone when no creditor is set up
// (no invoice can be issued), and a notice when it takes neither.
import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TextsProvider } from "../../lib/i18n";
import GiveTime from "./give";

type Props = ComponentProps<typeof GiveTime>;
const loaderData = {
  id: "ABCD2345",
  name: "Ingrid Åberg",
  email: "giver@example.se",
  priceOre: 49_000,
  until: "2027-12-01T10:00:00.000Z",
  refusal: null,
  sandbox: true,
};

function screen(ways: { cardPayments: boolean; invoicing: boolean }): string {
  const props = { loaderData: { ...loaderData, ...ways }, params: { id: loaderData.id } } as unknown as Props;
  return renderToStaticMarkup(
    <TextsProvider locale="en-US">
      <MemoryRouter>
        <GiveTime {...props} />
      </MemoryRouter>
    </TextsProvider>,
  );
}

const radios = (html: string) => html.match(/type="radio"/g)?.length ?? 0;

describe("the gift screen's ways of paying", () => {
  it("offers card and invoice, card first, when the site takes both", () => {
    const html = screen({ cardPayments: true, invoicing: true });
    expect(radios(html)).toBe(2);
    expect(html).toMatch(/checked="" value="card"/);
    expect(html).toContain("Payment method");
    expect(html).toMatch(/autocomplete="cc-number"/i);
    expect(html).not.toContain('name="street"');
  });

  it("takes the gift by invoice when card payments are off", () => {
    const html = screen({ cardPayments: false, invoicing: true });
    expect(radios(html)).toBe(0);
    expect(html).toContain('name="street"');
    expect(html).not.toMatch(/autocomplete="cc-number"/i);
    expect(html).toMatch(/Give a year for SEK\s490(\.00)? by invoice/);
    expect(html).not.toContain("Card payments are not available");
  });

  it("does not offer the invoice without a creditor", () => {
    const html = screen({ cardPayments: true, invoicing: false });
    expect(radios(html)).toBe(0);
    expect(html).toMatch(/autocomplete="cc-number"/i);
    expect(html).not.toContain('name="street"');
    expect(html).not.toContain("Invoice");
  });

  it("says so when the site takes neither", () => {
    const html = screen({ cardPayments: false, invoicing: false });
    expect(html).toContain("Payments are not available here right now");
    expect(html).not.toContain("<form");
  });
});
