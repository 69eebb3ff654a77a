// The translator answers the texts the screens, e-mails and PDFs show: placeholders filled, the
// language's plural form chosen, en-US where a text is missing, the key where it is nowhere. (Checked
// once against the library it replaced, over every key of both languages with and without values.)
import { describe, expect, it } from "vitest";
import { createTranslator, flatten, type Dictionary } from "./translator";

const english: Dictionary = {
  greeting: "Hello {{name}}, welcome to {{ site }}",
  pages: { count_one: "{{count}} page", count_other: "{{count}} pages" },
  onlyEnglish: "Only in English",
  plain: "No placeholders",
  ended: "Ended on {{day, date}}",
  resting: "the name and {{what}} stay",
  notice: "The page rests: $t(resting). Pay by {{date}}.",
};
const swedish: Dictionary = {
  greeting: "Hej {{name}}, välkommen till {{site}}",
  pages: { count_one: "{{count}} sida", count_other: "{{count}} sidor" },
  plain: "",
  ended: "Slutade den {{ day , date }}",
};
const en = createTranslator("en-US", flatten(english));
const sv = createTranslator("sv-SE", flatten(swedish), flatten(english));

describe("the translator", () => {
  it("finds a text by its dotted key and fills its placeholders, spaces or not", () => {
    expect(sv.t("greeting", { name: "Anna", site: "Kammare" })).toBe("Hej Anna, välkommen till Kammare");
    expect(en.t("greeting", { name: "Anna", site: "Kammare" })).toBe("Hello Anna, welcome to Kammare");
  });

  it("leaves a placeholder without a value as it is, and does not escape what it puts in", () => {
    expect(en.t("greeting", { name: "<b>A & B</b>" })).toBe("Hello <b>A & B</b>, welcome to {{ site }}");
  });

  it("says an ISO date as the reader's long date, Sweden's day, with `, date`", () => {
    expect(en.t("ended", { day: "2026-11-13" })).toBe("Ended on November 13, 2026");
    expect(sv.t("ended", { day: "2026-11-13" })).toBe("Slutade den 13 november 2026");
    expect(en.t("ended", { day: "not a day" })).toBe("Ended on not a day");
  });

  it("chooses the plural form by the language's rules from a numeric count", () => {
    expect(sv.t("pages.count", { count: 1 })).toBe("1 sida");
    expect(sv.t("pages.count", { count: 0 })).toBe("0 sidor");
    expect(en.t("pages.count", { count: 2 })).toBe("2 pages");
  });

  it("writes a numeric count as the language writes numbers, and leaves other numbers as given", () => {
    expect(sv.t("pages.count", { count: 2000 })).toBe("2\u00a0000 sidor");
    expect(en.t("pages.count", { count: 2000 })).toBe("2,000 pages");
    expect(sv.t("greeting", { name: 2024, site: "Kammare" })).toBe("Hej 2024, välkommen till Kammare");
  });

  it("does not choose a plural form from a count given as text (already formatted)", () => {
    expect(sv.t("pages.count", { count: "1 234" })).toBe("pages.count");
  });

  it("answers en-US's text where the language lacks one, keeps an empty text, and the key when none has it", () => {
    expect(sv.t("onlyEnglish")).toBe("Only in English");
    expect(sv.t("plain")).toBe("");
    expect(sv.t("no.such.key")).toBe("no.such.key");
    expect(en.language).toBe("en-US");
  });

  it("puts another text in where one says $t(key), its placeholders filled from the same values", () => {
    expect(en.t("notice", { what: "the dates", date: "1 May" })).toBe(
      "The page rests: the name and the dates stay. Pay by 1 May.",
    );
    // The Swedish texts lack both: en-US's, as for any text.
    expect(sv.t("notice", { what: "x", date: "y" })).toBe("The page rests: the name and x stay. Pay by y.");
  });

  it("reads texts added after it was made (the browser adds a screen's texts when it needs them)", () => {
    const texts = new Map<string, string>();
    const late = createTranslator("sv-SE", texts);
    expect(late.t("later.text")).toBe("later.text");
    flatten({ later: { text: "Nu finns den" } }, texts);
    expect(late.t("later.text")).toBe("Nu finns den");
  });
});
