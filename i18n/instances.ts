// The texts known so far, per language, and one translator per language reading them: the server
// registers every text of both languages (./index.ts); the browser adds the parts of its page's
// language a screen needs (app/lib/i18n.ts: loadTextAreas), so a phone downloads only those.
import { fallbackLocale, type Locale } from "../contract/locale";
import { createTranslator, flatten, type Dictionary, type Translator } from "./translator";

export type { Dictionary, Translator };

const texts = new Map<Locale, Map<string, string>>();
const translators = new Map<Locale, Translator>();

function textsOf(locale: Locale): Map<string, string> {
  let known = texts.get(locale);
  if (!known) {
    known = new Map();
    texts.set(locale, known);
  }
  return known;
}

/** Makes a language's texts (all of them, or a part) known to its translator. */
export function addTexts(locale: Locale, dictionary: Dictionary): void {
  flatten(dictionary, textsOf(locale));
}

/**
 * The translator of one language, ready synchronously so the server and the browser render the same
 * text; one per language, reading the texts as they are added.
 */
export function i18nFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    const fallback = locale === fallbackLocale ? undefined : textsOf(fallbackLocale);
    translator = createTranslator(locale, textsOf(locale), fallback);
    translators.set(locale, translator);
  }
  return translator;
}
