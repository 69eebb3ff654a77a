// Which language a visitor gets: their saved choice first, then their browser's, then English.
import { describe, expect, it } from "vitest";
import { fallbackLocale, resolveLocale } from "./locale";

describe("resolveLocale", () => {
  it("a valid locale cookie wins over the browser's languages", () => {
    expect(resolveLocale("locale=sv-SE", "en-US,en;q=0.9")).toBe("sv-SE");
    expect(resolveLocale("locale=en-US", "sv-SE,sv;q=0.9")).toBe("en-US");
  });

  it("finds the locale cookie among other cookies", () => {
    expect(resolveLocale("theme=dark; locale=sv-SE; other=1", null)).toBe("sv-SE");
    expect(resolveLocale("mylocale=en-US; locale=sv-SE", "en")).toBe("sv-SE");
  });

  it("ignores a cookie value that is not a supported locale", () => {
    expect(resolveLocale("locale=fr-FR", "sv")).toBe("sv-SE");
    expect(resolveLocale("locale=sv", null)).toBe("en-US");
    expect(resolveLocale("locale=", "sv")).toBe("sv-SE");
    expect(resolveLocale("other=sv-SE", null)).toBe("en-US");
  });

  it("ignores a malformed (badly percent-encoded) cookie instead of failing every page", () => {
    expect(resolveLocale("locale=%zz", "sv")).toBe("sv-SE");
    expect(resolveLocale("locale=%E0%A4%A", null)).toBe("en-US");
  });

  it("takes the browser's Swedish when there is no cookie", () => {
    expect(resolveLocale(null, "sv,en;q=0.8")).toBe("sv-SE");
    expect(resolveLocale(null, "sv-SE")).toBe("sv-SE");
    expect(resolveLocale(null, "sv-FI")).toBe("sv-SE");
  });

  it("maps any English to en-US", () => {
    expect(resolveLocale(null, "en-GB")).toBe("en-US");
    expect(resolveLocale(null, "EN-au")).toBe("en-US");
  });

  it("falls back to en-US for a language the product does not speak", () => {
    expect(resolveLocale(null, "fr")).toBe("en-US");
    expect(resolveLocale(null, "fr-FR,de;q=0.9")).toBe("en-US");
    expect(resolveLocale(null, "*")).toBe("en-US");
    expect(fallbackLocale).toBe("en-US");
  });

  it("skips unsupported languages to reach a supported one further down", () => {
    expect(resolveLocale(null, "fr-FR, de;q=0.9, sv;q=0.5")).toBe("sv-SE");
  });

  it("respects q weights, not the order written", () => {
    expect(resolveLocale(null, "en;q=0.5, sv;q=0.9")).toBe("sv-SE");
    expect(resolveLocale(null, "sv;q=0.2,en-GB")).toBe("en-US");
  });

  it("never picks a language refused with q=0", () => {
    expect(resolveLocale(null, "sv;q=0, fr")).toBe("en-US");
  });

  it("answers en-US when neither header is sent", () => {
    expect(resolveLocale(null, null)).toBe("en-US");
    expect(resolveLocale("", "")).toBe("en-US");
  });
});
