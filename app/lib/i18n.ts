// The app's texts: the page's language's translator handed down by TextsProvider (the root), read by
// useTranslation in every component. The translator lives in i18n/, shared with the server's e-mails.
// The browser has only the texts of its page's language and areas (i18n/areas.ts): the first page's
// come in its HTML (PageTexts), others are loaded before a navigation or a switch needs them
// (loadTextAreas); the server has every text of both (app/entry.server.tsx registers them).
import { createContext, createElement, useContext, type ReactNode } from "react";
import { fallbackLocale, isLocale, type Locale } from "../../contract/locale";
import type { TextArea } from "../../i18n/areas";
import { addTexts, i18nFor, type Dictionary, type Translator } from "../../i18n/instances";
import type { Translate } from "../../i18n/translator";

export { i18nFor };
export type { Translate, Translator };

const TranslatorContext = createContext<Translator | null>(null);

/** Hands the translator of `locale` to every useTranslation below it. */
export function TextsProvider({ locale, children }: { locale: Locale; children?: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18nFor(locale) }, children);
}

export type Translation = { t: Translate; i18n: Translator };
const translations = new Map<Translator, Translation>();

/** The page's `t`, and its translator as `i18n` (`i18n.language` is the page's language). */
export function useTranslation(): Translation {
  const translator = useContext(TranslatorContext) ?? i18nFor(fallbackLocale);
  let translation = translations.get(translator);
  if (!translation) {
    translation = { t: translator.t, i18n: translator };
    translations.set(translator, translation);
  }
  return translation;
}

const loaded = new Set<string>();

/** The language the page in the browser is in: its document's, as the server rendered it. */
export function documentLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : fallbackLocale;
}

/**
 * Loads the texts the screens at `pathname` show in `locale` (i18n/areas.ts), those not here yet: each
 * area a file of its own, fetched side by side. The list of areas comes with the first call.
 */
export async function loadTextAreas(locale: Locale, pathname: string): Promise<void> {
  const [{ textAreasFor }, { textLoaders }] = await Promise.all([
    import("../../i18n/areas"),
    import("virtual:texts"),
  ]);
  const areas = textAreasFor(pathname);
  await Promise.all(
    areas
      .filter((area) => !loaded.has(`${locale}/${area}`))
      .map(async (area) => {
        const part = (await textLoaders[`${locale}/${area}`]!()).default;
        addTexts(locale, part as Dictionary);
        loaded.add(`${locale}/${area}`);
      }),
  );
}

// ---- The first page's texts, sent in its HTML ----
// The server puts the texts of the page's areas in the HTML as JSON (no request before hydrating);
// the browser reads them before it hydrates and renders the same element again.

export type PageTextsJson = string;
type EmbeddedTexts = { locale: Locale; areas: TextArea[]; texts: Dictionary };

/** How the page's texts are had: on the server made for the page's language, in the browser as read. */
const PageTextsContext = createContext<(locale: Locale) => PageTextsJson | undefined>(() => undefined);
export const PageTextsProvider = PageTextsContext.Provider;

const pageTextsId = "page-texts";

/**
 * The page's texts as JSON in a script element (none for a light page, which needs no texts). A data
 * block runs nothing, but it carries the page's nonce as every script element does.
 */
export function PageTexts({ locale, nonce }: { locale: Locale; nonce?: string }) {
  const json = useContext(PageTextsContext)(locale);
  if (json === undefined) return null;
  return createElement("script", {
    id: pageTextsId,
    type: "application/json",
    nonce,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: json },
  });
}

/** The JSON for a page: its language's texts of `areas`, safe inside a script element. */
export function pageTextsJson(locale: Locale, areas: TextArea[], texts: Dictionary): PageTextsJson {
  const embedded: EmbeddedTexts = { locale, areas, texts };
  return JSON.stringify(embedded).replace(/</g, "\\u003c");
}

/** Reads the texts the page's HTML carries, before hydrating; answers them as sent (or nothing). */
export function readPageTexts(): PageTextsJson | undefined {
  const json = document.getElementById(pageTextsId)?.textContent;
  if (!json) return undefined;
  const { locale, areas, texts } = JSON.parse(json) as EmbeddedTexts;
  addTexts(locale, texts);
  for (const area of areas) loaded.add(`${locale}/${area}`);
  return json;
}
