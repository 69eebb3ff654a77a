// The cached `t` handed to every useTranslation answers exactly as i18next does.
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { locales } from "../../contract/locale";
import { resources } from "../../i18n";
import { cachedFixedT, i18nFor } from "./i18n";

function leafKeys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === "object" && value !== null
      ? leafKeys(value as object, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );
}

describe.each(locales)("cachedFixedT in %s", (locale) => {
  const instance = i18nFor(locale);
  const getFixedT = cachedFixedT(instance);
  const plain = instance.getFixedT(locale, "translation");
  const keys = leafKeys(resources[locale].translation);

  it("gives every key's text as i18next does, asked once and again (from the cache)", () => {
    const t = getFixedT(locale, "translation");
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      expect(t(key)).toBe(plain(key));
      expect(t(key)).toBe(plain(key));
    }
  });

  it("hands out one t per language and namespace", () => {
    expect(getFixedT(locale, "translation")).toBe(getFixedT(locale, "translation"));
  });

  it("leaves calls with values and unknown keys to i18next", () => {
    const t = getFixedT(locale, "translation") as TFunction;
    expect(t("freeTrial.heading", { days: 7 })).toBe(plain("freeTrial.heading", { days: 7 }));
    expect(t("freeTrial.heading", { days: 7 })).toContain("7");
    expect(t("freeTrial.heading", { days: 30 })).toContain("30");
    expect(t("no.such.key")).toBe("no.such.key");
  });
});
