// i18next set up for one language at a time: it lives in i18n/, shared with the server's e-mails. The
// browser loads only the page's language's texts (loadTexts, before hydrating and before a switch);
// the server has both (app/entry.server.tsx registers them).
import type { i18n as I18n } from "i18next";

import type { Locale } from "../../contract/locale";
import { addTexts, hasTexts, i18nFor } from "../../i18n/instances";

export { i18nFor };

const dictionaryOf: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  "en-US": () => import("../../i18n/en-US.json"),
  "sv-SE": () => import("../../i18n/sv-SE.json"),
};

/** Loads a language's texts, once: a file of its own, fetched only when that language is shown. */
export async function loadTexts(locale: Locale): Promise<void> {
  if (hasTexts(locale)) return;
  addTexts(locale, (await dictionaryOf[locale]()).default);
}

/** Texts kept per language and namespace; the app's keys are a few hundred, this only bounds a mistake. */
const maxCachedTexts = 5000;

/**
 * `getFixedT` of `instance` whose `t` answers a key asked alone (no options, no values) from a cache,
 * and is made once per language and namespace. i18next's `t` copies its ~50 options into new objects
 * and walks its resources on every call, and every component calls it anew on every server render: a
 * twelfth of rendering the sign-in page, and much of its garbage. The texts never change while the
 * app runs (the dictionaries are bundled, an instance keeps its language), so the first answer holds.
 */
export function cachedFixedT(instance: I18n): I18n["getFixedT"] {
  // i18next's own types leave out the fourth argument react-i18next passes (`{ scopeNs }`).
  const original = instance.getFixedT.bind(instance) as unknown as LooseGetFixedT;
  const made = new Map<string, LooseT>();
  const getFixedT: LooseGetFixedT = (lng, ns, keyPrefix, fixedOptions) => {
    // Only the plain form (react-i18next's useTranslation without a key prefix) is kept.
    if (typeof lng !== "string" || typeof ns !== "string" || keyPrefix !== undefined) {
      return original(lng, ns, keyPrefix, fixedOptions);
    }
    const scope = fixedOptions?.scopeNs;
    const madeKey = `${lng}\u0000${ns}\u0000${Array.isArray(scope) ? scope.join(",") : String(scope)}`;
    const found = made.get(madeKey);
    if (found) return found;
    const t = original(lng, ns, keyPrefix, fixedOptions);
    const texts = new Map<string, string>();
    const cached = (...call: unknown[]): unknown => {
      const [key] = call;
      if (call.length !== 1 || typeof key !== "string") return t(...call);
      const text = texts.get(key);
      if (text !== undefined) return text;
      const answer = t(key);
      if (typeof answer === "string" && texts.size < maxCachedTexts) texts.set(key, answer);
      return answer;
    };
    // The properties react-i18next and i18next read from a fixed `t`.
    const fixed: LooseT = Object.assign(cached, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix });
    made.set(madeKey, fixed);
    return fixed;
  };
  return getFixedT as unknown as I18n["getFixedT"];
}

const provided = new Map<Locale, I18n>();

/**
 * What the provider hands to every `useTranslation`: an object with no properties of its own that
 * inherits everything from the language's i18next instance (whose methods are bound to it). Each
 * `useTranslation` of a newly rendered component copies the own properties of the instance it is
 * given into a new object (react-i18next's "wrapper"); an i18next instance has 42, and on the server
 * every component is new on every request, so that copying was a tenth of rendering a page. Its
 * `getFixedT` hands out a `t` with a cache of texts (cachedFixedT).
 */
export function providedI18n(locale: Locale): I18n {
  let heir = provided.get(locale);
  if (!heir) {
    const instance = i18nFor(locale);
    heir = Object.create(instance) as I18n;
    heir.getFixedT = cachedFixedT(instance);
    provided.set(locale, heir);
  }
  return heir;
}

type LooseT = ((...args: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
type LooseGetFixedT = (
  lng: unknown,
  ns?: unknown,
  keyPrefix?: unknown,
  options?: { scopeNs?: unknown },
) => LooseT;
