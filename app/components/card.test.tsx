// The card and the trial screens' frame, rendered to HTML as the server sends it: the card's look is
// said once (every card carries the same classes, with the caller's layout beside them), and both
// trial screens ask a visitor to sign up or in and come back to the screen they were on.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../contract/locale";
import { TextsProvider } from "../lib/i18n";
import { Card, CardSection, cardClass } from "./card";
import { TrialScreen } from "./trial-screen";

function inLocale(locale: Locale, node: ReactNode): string {
  return renderToStaticMarkup(
    <TextsProvider locale={locale}>
      <MemoryRouter>{node}</MemoryRouter>
    </TextsProvider>,
  );
}

describe("Card", () => {
  it("is the element asked for, with the card's look and the caller's layout", () => {
    expect(renderToStaticMarkup(<Card as="li" className="p-4" data-x="1" />)).toBe(
      `<li class="${cardClass} p-4" data-x="1"></li>`,
    );
    expect(renderToStaticMarkup(<Card>text</Card>)).toBe(`<div class="${cardClass}">text</div>`);
  });

  it("a card section is named by its heading", () => {
    const html = renderToStaticMarkup(
      <CardSection id="terms" title="Terms">
        <p>body</p>
      </CardSection>,
    );
    expect(html).toMatch(
      /^<section aria-labelledby="terms" class="[^"]*rounded-\[var\(--radius-card\)\][^"]*">/,
    );
    expect(html).toContain('<h2 id="terms" class="text-xl font-semibold">Terms</h2><p>body</p></section>');
  });
});

describe("TrialScreen", () => {
  it("asks a visitor to sign up or in, and brings them back to the screen, in both languages", () => {
    for (const [locale, texts, signup, heading] of [
      ["en-US", "freeTrial", "Create an account", "Start the free trial"],
      ["sv-SE", "extendedTrial", "Skapa ett konto", "Starta den förlängda provperioden"],
    ] as const) {
      const here = texts === "freeTrial" ? "/gratis-provperiod" : "/extended-trial";
      const html = inLocale(
        locale,
        <TrialScreen texts={texts} here={here} days={30} start={null}>
          <p>after</p>
        </TrialScreen>,
      );
      const back = encodeURIComponent(here);
      expect(html).toMatch(new RegExp(`href="/new\\?redirectTo=${back}"[^>]*>${signup}</a>`));
      expect(html).toContain(`href="/login?redirectTo=${back}"`);
      expect(html).toContain(`>${heading}</h2>`);
      expect(html).toContain("<p>after</p>");
    }
  });

  it("shows a signed-in user's way to start instead of the sign-up", () => {
    const html = inLocale(
      "en-US",
      <TrialScreen texts="freeTrial" here="/gratis-provperiod" days={30} start={<p>choose a page</p>}>
        {null}
      </TrialScreen>,
    );
    expect(html).toContain("<p>choose a page</p>");
    expect(html).not.toContain("redirectTo=");
  });
});
