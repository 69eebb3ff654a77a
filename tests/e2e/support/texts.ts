// The app's texts by i18n key, for tests that check both languages. Read as files: Playwright's loader
// needs import attributes for JSON modules, and the app's own loaders do not use them.
import { readFileSync } from "node:fs";
import path from "node:path";

export const testLocales = ["en-US", "sv-SE"] as const;
export type TestLocale = (typeof testLocales)[number];

const dictionary = (locale: TestLocale): unknown =>
  JSON.parse(readFileSync(path.resolve(`i18n/${locale}.json`), "utf8"));
const texts = { "en-US": dictionary("en-US"), "sv-SE": dictionary("sv-SE") } as const;

/** An i18n key's text in a language (keys of the admin screens' list are dotted paths). */
export function text(locale: TestLocale, key: string): string {
  const found = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[locale]);
  if (typeof found !== "string") throw new Error(`no text ${key}`);
  // A text that includes another ($t(key), i18n/translator.ts) shows with it put in.
  return found.replace(/\$t\(([\w.]+)\)/g, (_whole, included: string) => text(locale, included));
}
