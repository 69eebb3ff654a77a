// axe-core in the browser: a screen has no serious or critical accessibility violations (WCAG 2.1 A
// and AA rules), or the test fails listing each rule with the first element it found.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoSeriousAxeViolations(page: Page, label = ""): Promise<void> {
  // Legacy mode skips the blank page axe opens to test cross-origin frames: our pages have none, and
  // each scan is about 40 % faster.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${label ? `${label}: ` : ""}${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}
