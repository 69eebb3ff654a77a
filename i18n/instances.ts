// i18next set up for one language at a time, from the dictionaries registered so far: the server
// registers both (./index.ts), the browser only the page's language and, on a switch, the other one
// (app/lib/i18n.ts), so a phone downloads one language's texts, not both.
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { fallbackLocale, type Locale } from "../contract/locale";

export type Dictionary = Record<string, unknown>;

const dictionaries = new Map<Locale, Dictionary>();
const instances = new Map<Locale, i18n>();

/** Makes a language's texts known; an instance is made only once its language's texts are here. */
export function addTexts(locale: Locale, texts: Dictionary): void {
  dictionaries.set(locale, texts);
}

export function hasTexts(locale: Locale): boolean {
  return dictionaries.has(locale);
}

/**
 * The instance for one language, ready synchronously so the server and the browser render the same
 * text. One per language is shared: nothing changes an instance's language after it is made.
 */
export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    const texts = dictionaries.get(locale);
    if (!texts) throw new Error(`The ${locale} texts are not loaded (app/lib/i18n.ts: loadTexts).`);
    instance = createI18n(locale, texts);
    instances.set(locale, instance);
  }
  return instance;
}

function createI18n(locale: Locale, texts: Dictionary): i18n {
  const fallback = dictionaries.get(fallbackLocale);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallbackLocale,
    resources: {
      [locale]: { translation: texts },
      ...(fallback && locale !== fallbackLocale ? { [fallbackLocale]: { translation: fallback } } : {}),
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
