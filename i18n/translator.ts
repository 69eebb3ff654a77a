// The texts of one language as a `t` function: what the app, its e-mails and PDFs need of a translation
// library and no more (a library of 18 KB gzip was most of a phone's download beside React). The
// dictionaries are the JSON files in this folder; a key is a dotted path ("auth.login.title").
//
// - `{{name}}` is replaced by the value named `name` (as text, never escaped: React escapes what it
//   renders, and e-mails escape their HTML themselves); a placeholder without a value stays as it is.
// - With a numeric `count`, the plural form the language's rules choose is asked first ("key_one",
//   "key_other": Intl.PluralRules), then the key itself; the count is written as the language writes
//   numbers ("2 000 tända ljus", "2,000 candles"). Other numbers stay as given (years, invoice numbers):
//   a quantity among them is formatted by its caller (app/lib/format.ts, formatNumber).
// - A key missing in the language is looked up in the fallback language (en-US), when its texts are
//   here, and answers the key itself when it is nowhere.
import type { Locale } from "../contract/locale";

/** A dictionary as the JSON files hold it: texts, nested under dotted names. */
export type Dictionary = { [name: string]: string | Dictionary };

/** Values for the placeholders; a numeric `count` also chooses the plural form (a text count does not). */
export type TextValues = { count?: number | string; [name: string]: unknown };

export type Translate = (key: string, values?: TextValues) => string;

export type Translator = {
  /** The language the texts are in. */
  readonly language: Locale;
  readonly t: Translate;
};

/** Every text of a dictionary under its full dotted key. */
export function flatten(
  dictionary: Dictionary,
  into = new Map<string, string>(),
  prefix = "",
): Map<string, string> {
  for (const [name, value] of Object.entries(dictionary)) {
    if (typeof value === "string") into.set(`${prefix}${name}`, value);
    else flatten(value, into, `${prefix}${name}.`);
  }
  return into;
}

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, values: TextValues | undefined, numbers: Intl.NumberFormat): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(placeholder, (whole, name: string) => {
    const value = values[name];
    if (name === "count" && typeof value === "number") return numbers.format(value);
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * A translator reading `texts` (the language's, by full key) and `fallback` (en-US's), both maps that
 * may still grow: the browser adds a part of the texts when a screen needs it.
 */
export function createTranslator(
  language: Locale,
  texts: ReadonlyMap<string, string>,
  fallback?: ReadonlyMap<string, string>,
): Translator {
  const plurals = new Intl.PluralRules(language);
  const numbers = new Intl.NumberFormat(language);
  const find = (key: string): string | undefined => texts.get(key) ?? fallback?.get(key);
  const t: Translate = (key, values) => {
    const count = values?.count;
    const text =
      (typeof count === "number" ? find(`${key}_${plurals.select(count)}`) : undefined) ?? find(key) ?? key;
    return interpolate(text, values, numbers);
  };
  return { language, t };
}
