// The texts of one language as a `t` function: what the app, its e-mails and PDFs need of a translation
// library and no more (a library of 18 KB gzip was most of a phone's download beside React). The
// dictionaries are the JSON files in this folder; a key is a dotted path ("auth.login.title").
//
// - `{{name}}` is replaced by the value named `name` (as text, never escaped: React escapes what it
//   renders, and e-mails escape their HTML themselves); a placeholder without a value stays as it is.
// - `{{name, date}}` says an ISO date ("2026-11-13") as the language's long date, Swedish time: a value
//   that travels as data (a refusal's parameter, ADR 032) is said in each reader's words.
// - With a numeric `count`, the plural form the language's rules choose is asked first ("key_one",
//   "key_other": Intl.PluralRules), then the key itself; the count is written as the language writes
//   numbers ("2 000 tända ljus", "2,000 candles"). Other numbers stay as given (years, invoice numbers):
//   a quantity among them is formatted by its caller (app/lib/format.ts, formatNumber).
// - A key missing in the language is looked up in the fallback language (en-US), when its texts are
//   here, and answers the key itself when it is nowhere.
// - `$t(other.key)` puts another text in (one level deep; its placeholders filled from the same
//   values): a wording said the same way in many texts (how a resting page looks) is written once.
//   The other text must be in every area the including one is in ("common" is everywhere).
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

const placeholder = /\{\{\s*([\w.]+)\s*(?:,\s*(date)\s*)?\}\}/g;

/** The market's time zone: a day is Sweden's day, on the server as in the browser. */
const timeZone = "Europe/Stockholm";

/** How the language writes a long date and a number. */
type Formats = { longDate: Intl.DateTimeFormat; numbers: Intl.NumberFormat };

function interpolate(text: string, values: TextValues | undefined, { longDate, numbers }: Formats): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(placeholder, (whole, name: string, format: string | undefined) => {
    const value = values[name];
    if (value === undefined || value === null) return whole;
    if (format === "date") {
      const day = new Date(String(value));
      return Number.isNaN(day.getTime()) ? String(value) : longDate.format(day);
    }
    if (name === "count" && typeof value === "number") return numbers.format(value);
    return String(value);
  });
}

const included = /\$t\(([\w.]+)\)/g;

/** `$t(key)` replaced by that key's text (the key itself when it is nowhere). */
function includeTexts(text: string, find: (key: string) => string | undefined): string {
  if (!text.includes("$t(")) return text;
  return text.replace(included, (_whole, key: string) => find(key) ?? key);
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
  const formats: Formats = {
    longDate: new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone }),
    numbers: new Intl.NumberFormat(language),
  };
  const find = (key: string): string | undefined => texts.get(key) ?? fallback?.get(key);
  const t: Translate = (key, values) => {
    const count = values?.count;
    const text =
      (typeof count === "number" ? find(`${key}_${plurals.select(count)}`) : undefined) ?? find(key) ?? key;
    return interpolate(includeTexts(text, find), values, formats);
  };
  return { language, t };
}
