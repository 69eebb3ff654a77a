// i18next set up for one language at a time: the texts in both languages and the instances, shared by
// the pages (app/lib/i18n.ts) and the server's e-mails, so it imports from neither side. Both
// dictionaries ship with the app (they are small).
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { fallbackLocale, type Locale } from "../contract/locale";
import enUS from "./en-US.json";
import svSE from "./sv-SE.json";

export const resources = {
  "en-US": { translation: enUS },
  "sv-SE": { translation: svSE },
} as const;

const instances = new Map<Locale, i18n>();

/**
 * The instance for one language, ready synchronously so the server and the browser render the same
 * text. One per language is shared: nothing changes an instance's language after it is made.
 */
export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale);
    instances.set(locale, instance);
  }
  return instance;
}

function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallbackLocale,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
